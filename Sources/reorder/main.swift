import ReorderCLI
print("reorder: work in progress")
