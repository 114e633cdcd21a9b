public enum ReorderCLIModule {}
