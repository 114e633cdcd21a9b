return { name = "syntax"
