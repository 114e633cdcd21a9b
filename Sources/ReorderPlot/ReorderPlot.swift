public enum ReorderPlotModule {}
