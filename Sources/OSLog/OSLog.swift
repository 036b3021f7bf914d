// Apple's OSLog framework re-exports the os module, so `import OSLog` gives Logger, OSLog and os_log as
// `import os` does. (Its log-store reading API, OSLogStore, has no Linux counterpart here.)
@_exported import os
