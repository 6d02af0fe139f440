#define _GNU_SOURCE
#include "unix_socket.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

static int address(const char *path, struct sockaddr_un *where) {
  size_t length = strlen(path);
  memset(where, 0, sizeof *where);
  if (length == 0 || length >= sizeof where->sun_path) return -ENAMETOOLONG;
  where->sun_family = AF_UNIX;
  memcpy(where->sun_path, path, length);
  return 0;
}

int twofold_unix_path_limit(void) {
  struct sockaddr_un where;
  return (int)sizeof where.sun_path - 1;
}

int twofold_unix_listen(const char *path, int backlog) {
  struct sockaddr_un where;
  int failed = address(path, &where);
  if (failed) return failed;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -errno;
  if (bind(fd, (struct sockaddr *)&where, sizeof where) != 0 || listen(fd, backlog) != 0) {
    int error = errno;
    close(fd);
    return -error;
  }
  return fd;
}

int twofold_unix_accept(int fd) {
  for (;;) {
#ifdef SOCK_CLOEXEC
    int accepted = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
#else
    int accepted = accept(fd, NULL, NULL);
#endif
    if (accepted >= 0) return accepted;
    if (errno != EINTR && errno != ECONNABORTED) return -errno;
  }
}

int twofold_unix_connect(const char *path) {
  struct sockaddr_un where;
  int failed = address(path, &where);
  if (failed) return failed;
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -errno;
  int result;
  do {
    result = connect(fd, (struct sockaddr *)&where, sizeof where);
  } while (result != 0 && errno == EINTR);
  if (result != 0) {
    int error = errno;
    close(fd);
    return -error;
  }
  return fd;
}

int twofold_peer_credentials(int fd, uid_t *uid, pid_t *pid) {
#ifdef SO_PEERCRED
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -errno;
  *uid = credentials.uid;
  *pid = credentials.pid;
  return 0;
#else
  gid_t group;
  if (getpeereid(fd, uid, &group) != 0) return -errno;
  *pid = 0;
  return 0;
#endif
}

int twofold_socket_timeouts(int fd, int milliseconds) {
  struct timeval limit = {milliseconds / 1000, (milliseconds % 1000) * 1000};
  if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit) != 0) return -errno;
  if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit) != 0) return -errno;
  return 0;
}

int twofold_send_all(int fd, const void *bytes, size_t count) {
  const char *next = bytes;
  while (count > 0) {
#ifdef MSG_NOSIGNAL
    ssize_t sent = send(fd, next, count, MSG_NOSIGNAL);
#else
    ssize_t sent = send(fd, next, count, 0);
#endif
    if (sent < 0) {
      if (errno == EINTR) continue;
      return -errno;
    }
    next += sent;
    count -= (size_t)sent;
  }
  return 0;
}
