# Sourced by the benchmarks that run on MariaDB (multihost.sh,
# multihost-cost.sh): start_mariadb starts a private mariadbd on a Unix
# socket in $tmp (durable commits, no binary log; further mariadbd
# arguments after it), waits until it answers, and makes the database
# `bench` for the user bench, whose password it writes to $tmp/pw. It
# sets mariadb_pid for the caller's cleanup. sql runs the root client.
# Needs Debian's mariadb-server.

sql() { mariadb --no-defaults -uroot -S "$tmp/mysql.sock" "$@"; }

start_mariadb() {
	local user=()
	[[ $(id -u) == 0 ]] && user=(--user=root)
	mariadb-install-db --no-defaults "${user[@]}" --datadir="$tmp/mysql" --auth-root-authentication-method=normal --skip-test-db >"$tmp/install.log" 2>&1
	mariadbd --no-defaults "${user[@]}" --datadir="$tmp/mysql" --socket="$tmp/mysql.sock" --skip-networking \
		--pid-file="$tmp/mysql.pid" --log-error="$tmp/mysql.err" --innodb-buffer-pool-size=256M --skip-log-bin \
		--innodb-flush-log-at-trx-commit=1 --max-connections=500 "$@" &
	mariadb_pid=$!
	for _ in $(seq 100); do sql -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.2; done
	sql <<SQL
CREATE DATABASE bench CHARACTER SET utf8mb4;
CREATE USER 'bench'@'localhost' IDENTIFIED BY 'bench-pw';
GRANT ALL PRIVILEGES ON bench.* TO 'bench'@'localhost';
SQL
	printf 'bench-pw' >"$tmp/pw"
	chmod 600 "$tmp/pw"
}
