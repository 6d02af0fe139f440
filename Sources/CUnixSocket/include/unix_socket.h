#ifndef TWOFOLD_UNIX_SOCKET_H
#define TWOFOLD_UNIX_SOCKET_H

#include <sys/types.h>

/* A listening stream socket bound at path (close-on-exec), or -errno. The caller checks the
   folder first; a file already at path is an error (EADDRINUSE). */
int twofold_unix_listen(const char *path, int backlog);

/* The next connection on a listening socket (close-on-exec), or -errno; EINTR is retried. */
int twofold_unix_accept(int fd);

/* A stream socket connected to path (close-on-exec), or -errno. */
int twofold_unix_connect(const char *path);

/* The user and process id of the other end of a connected Unix socket (SO_PEERCRED), 0 or -errno. */
int twofold_peer_credentials(int fd, uid_t *uid, pid_t *pid);

/* Sets receive and send timeouts in milliseconds; 0 or -errno. */
int twofold_socket_timeouts(int fd, int milliseconds);

/* Writes all of bytes without raising SIGPIPE; 0 or -errno. */
int twofold_send_all(int fd, const void *bytes, size_t count);

/* The longest path a socket address holds. */
int twofold_unix_path_limit(void);

#endif
