#!/usr/bin/env bash
# Makes sure the servers the distributed-path tests use are up: PostgreSQL on 127.0.0.1:5432 and
# NATS with JetStream on 127.0.0.1:4222. Starts them when installed but stopped; says clearly what
# is missing otherwise (the tests that need it will then fail with that reason).
set -u
missing=0

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.2; done; return 1; }

if port_open 5432; then
  echo "PostgreSQL: up on 127.0.0.1:5432"
elif command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  echo "PostgreSQL: stopped, starting it"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  wait_port 5432 && echo "PostgreSQL: up" || { echo "PostgreSQL: failed to start (see its log under /var/log/postgresql)"; missing=1; }
else
  echo "PostgreSQL: NOT INSTALLED. Install it (apt-get install postgresql) with trust auth on 127.0.0.1:5432."
  missing=1
fi

if port_open 4222; then
  echo "NATS: up on 127.0.0.1:4222"
elif [ -x /usr/sbin/nats-server ] || command -v nats-server >/dev/null 2>&1; then
  echo "NATS: stopped, starting it with JetStream"
  bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$bin" -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || true
  wait_port 4222 && echo "NATS: up" || { echo "NATS: failed to start (see /var/log/nats-server.log)"; missing=1; }
else
  echo "NATS: NOT INSTALLED. Install nats-server (apt-get install nats-server) and run it with -js on 127.0.0.1:4222."
  missing=1
fi

if [ "$missing" -ne 0 ]; then
  echo "Some servers are missing: the tests that need them will fail and say so."
fi
exit 0
