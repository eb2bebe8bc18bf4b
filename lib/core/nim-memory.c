/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-memory.c -- how much memory a table or a computation may take */

#include "config.h"

#include "nim-memory.h"

#include <string.h>
#include <unistd.h>

/**
 * nim_memory_available:
 *
 * What a table or a computation may take without pushing the machine
 * into swap or the out-of-memory killer: the kernel's estimate of the
 * memory available to a new program (MemAvailable in /proc/meminfo), or
 * else the physical memory.
 *
 * Returns: bytes, or 0 when the system does not say
 */
guint64
nim_memory_available (void)
{
  g_autofree char *meminfo = NULL;
  long pages, page_size;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    {
      const char *field = strstr (meminfo, "MemAvailable:");

      if (field != NULL)
        return g_ascii_strtoull (field + strlen ("MemAvailable:"), NULL, 10)
               * 1024;
    }
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  pages = sysconf (_SC_PHYS_PAGES);
  page_size = sysconf (_SC_PAGESIZE);
  if (pages > 0 && page_size > 0)
    return (guint64) pages * (guint64) page_size;
#endif
  (void) pages;
  (void) page_size;
  return 0;
}
