-- placeholder
return { name = "default", api = 1 }
