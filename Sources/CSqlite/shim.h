// SQLite 3: MBTiles files.
#include <sqlite3.h>
