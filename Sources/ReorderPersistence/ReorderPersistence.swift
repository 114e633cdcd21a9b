public enum ReorderPersistenceModule {}
