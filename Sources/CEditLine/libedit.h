/* What the CEditLine module imports: libedit's readline interface (the REPL's line editing). */
#include <editline/readline.h>
