<?php
/**
 * A real WordPress for the tests: Debian's /usr/share/wordpress on a
 * private MariaDB, installed once per PHPUnit run in Persian with the
 * default theme, the plugin activated as a site owner activates it, and
 * a user of each role. Each test that needs it runs in its own process,
 * loads WordPress there and works inside one database transaction that
 * is rolled back when the process ends, so that tests do not see each
 * other's users, options or application passwords.
 *
 * The PHPUnit process (the parent) names the run's directory in the
 * environment its test processes inherit; the first test process that
 * needs WordPress starts MariaDB and installs the site under a lock; the
 * parent stops MariaDB and removes the directory when the run ends.
 *
 * @package Arshline_Sidecar
 */

/**
 * Starts, installs and loads the run's WordPress.
 */
final class Arshline_Test_WordPress {

	/**
	 * Environment variable: the PHPUnit process's id.
	 */
	const ENV_PARENT = 'ARSHLINE_TEST_PARENT';

	/**
	 * Environment variable: the run's directory.
	 */
	const ENV_DIR = 'ARSHLINE_TEST_WP_DIR';

	/**
	 * Where Debian's wordpress package puts WordPress (WP_PATH overrides).
	 */
	const DEBIAN_WORDPRESS = '/usr/share/wordpress';

	/**
	 * The site's address.
	 */
	const HOME = 'https://example.test';

	/**
	 * The users the install creates: login => role. Their password is
	 * the login followed by "-pass".
	 */
	const USERS = array(
		'owner'      => 'administrator',
		'editor'     => 'editor',
		'subscriber' => 'subscriber',
	);

	/**
	 * Whether this process loaded WordPress.
	 *
	 * @var bool
	 */
	private static $loaded = false;

	/**
	 * Called by the bootstrap: in the PHPUnit process, names the run's
	 * directory for its test processes and stops what they started when
	 * the run ends.
	 */
	public static function init() {
		if ( self::is_child() ) {
			return;
		}
		$dir = sys_get_temp_dir() . '/arsh-wp-' . getmypid();
		putenv( self::ENV_PARENT . '=' . getmypid() );
		putenv( self::ENV_DIR . '=' . $dir );
		register_shutdown_function( array( __CLASS__, 'stop' ) );
		// Every test process compiles PHPUnit and WordPress again: OPcache's
		// file cache, in the run's directory, lets the next one reuse the
		// compiled scripts (about three times faster to load WordPress).
		// The processes read the extra ini from PHP_INI_SCAN_DIR.
		if ( extension_loaded( 'Zend OPcache' ) && mkdir( $dir . '/php/opcache', 0700, true ) ) {
			file_put_contents( $dir . '/php/99-arshline-tests.ini', "opcache.enable_cli=1\nopcache.file_cache=$dir/php/opcache\nopcache.file_cache_only=1\n" );
			$scan = getenv( 'PHP_INI_SCAN_DIR' );
			putenv( 'PHP_INI_SCAN_DIR=' . ( is_string( $scan ) ? $scan : '' ) . ':' . $dir . '/php' );
		}
	}

	/**
	 * Whether this is a test process started by PHPUnit for one test.
	 *
	 * @return bool
	 */
	public static function is_child() {
		$parent = getenv( self::ENV_PARENT );
		return is_string( $parent ) && '' !== $parent && (int) $parent !== getmypid();
	}

	/**
	 * The run's directory.
	 *
	 * @return string
	 */
	public static function dir() {
		$dir = getenv( self::ENV_DIR );
		if ( ! is_string( $dir ) || '' === $dir ) {
			throw new RuntimeException( 'the test bootstrap did not name the run directory' );
		}
		return $dir;
	}

	/**
	 * WordPress's directory.
	 *
	 * @return string
	 */
	public static function abspath() {
		$path = getenv( 'WP_PATH' );
		$path = is_string( $path ) && '' !== $path ? $path : self::DEBIAN_WORDPRESS;
		if ( ! is_file( $path . '/wp-settings.php' ) ) {
			throw new RuntimeException( "WordPress is needed (Debian package wordpress, or WP_PATH): $path" );
		}
		return rtrim( $path, '/' ) . '/';
	}

	/**
	 * Loads WordPress in this process (once), as a request to the site
	 * would, and opens the transaction the test works in.
	 */
	public static function load() {
		if ( self::$loaded ) {
			return;
		}
		if ( ! self::is_child() ) {
			throw new LogicException( 'WordPress is loaded only in a test that runs in its own process (@runTestsInSeparateProcesses)' );
		}
		self::ensure_site();
		self::load_installed();
	}

	/**
	 * Loads the site a test process of this run installed, in a process
	 * PHPUnit did not start (fixtures/diagnose.php, run as another Unix
	 * user as PHP-FPM's is), in a transaction of its own as load() does.
	 */
	public static function load_installed() {
		if ( self::$loaded ) {
			return;
		}
		self::$loaded = true;
		$_SERVER['HTTP_HOST']       = 'example.test';
		$_SERVER['SERVER_NAME']     = 'example.test';
		$_SERVER['REQUEST_URI']     = '/';
		$_SERVER['REQUEST_METHOD']  = 'GET';
		$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
		$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
		$_SERVER['HTTPS']           = 'on';
		$GLOBALS['table_prefix']    = 'wp_';
		require self::dir() . '/wp-config.php';
		// In the global scope's stead, as WP-CLI loads WordPress: the
		// files WordPress loads declare the globals they set.
		global $table_prefix, $wpdb, $wp_version, $wp_rewrite, $wp, $wp_query, $wp_the_query, $wp_roles, $wp_locale, $wp_embed, $wp_widget_factory, $shortcode_tags, $current_user;
		require ABSPATH . 'wp-settings.php';
		// Rolled back when the process ends: the connection closes without a commit.
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
	}

	/**
	 * A user the install created.
	 *
	 * @param string $login A login of USERS.
	 * @return WP_User
	 */
	public static function user( $login ) {
		$user = get_user_by( 'login', $login );
		if ( ! $user ) {
			throw new RuntimeException( "no user $login" );
		}
		return $user;
	}

	/**
	 * Starts MariaDB and installs WordPress unless an earlier test
	 * process of this run has.
	 */
	private static function ensure_site() {
		$dir = self::dir();
		if ( ! is_dir( $dir ) ) {
			@mkdir( $dir, 0700, true ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- another process may make it first.
		}
		$lock = fopen( $dir . '/lock', 'c' );
		flock( $lock, LOCK_EX );
		try {
			if ( ! is_file( $dir . '/installed' ) ) {
				self::start_mariadb( $dir );
				self::write_config( $dir );
				self::install( $dir );
				touch( $dir . '/installed' );
			}
		} finally {
			flock( $lock, LOCK_UN );
			fclose( $lock );
		}
	}

	/**
	 * A private MariaDB on a Unix socket in the run's directory, with a
	 * database and a user for WordPress.
	 *
	 * @param string $dir The run's directory.
	 */
	private static function start_mariadb( $dir ) {
		$user = function_exists( 'posix_getpwuid' ) ? posix_getpwuid( posix_geteuid() )['name'] : 'root';
		$data = $dir . '/mysql';
		self::run( array( 'mariadb-install-db', '--no-defaults', '--user=' . $user, '--datadir=' . $data, '--auth-root-authentication-method=socket', '--skip-test-db' ), $dir . '/mariadb-install.log' );
		// setsid: MariaDB outlives the test process that starts it; the
		// PHPUnit process stops it (stop()).
		$cmd = 'setsid -f mariadbd --no-defaults ' . implode(
			' ',
			array_map(
				'escapeshellarg',
				array( '--user=' . $user, '--datadir=' . $data, '--socket=' . $dir . '/mysql.sock', '--skip-networking', '--pid-file=' . $dir . '/mysql.pid', '--log-error=' . $dir . '/mariadb.log', '--innodb-buffer-pool-size=32M', '--skip-log-bin', '--innodb-flush-log-at-trx-commit=0' )
			)
		) . ' </dev/null >/dev/null 2>&1';
		exec( $cmd, $out, $code );
		if ( 0 !== $code ) {
			throw new RuntimeException( "mariadbd did not start ($code)" );
		}
		$deadline = microtime( true ) + 30.0;
		while ( ! self::sql( $dir, 'SELECT 1' ) ) {
			if ( microtime( true ) > $deadline ) {
				throw new RuntimeException( 'MariaDB did not start: ' . @file_get_contents( $dir . '/mariadb.log' ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- the log may not be there.
			}
			usleep( 100000 );
		}
		$pass = bin2hex( random_bytes( 12 ) );
		file_put_contents( $dir . '/db.pass', $pass );
		$ok = self::sql(
			$dir,
			"CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '$pass';
GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';"
		);
		if ( ! $ok ) {
			throw new RuntimeException( 'cannot create the WordPress database' );
		}
	}

	/**
	 * Runs SQL as MariaDB's administrator (the Unix user, by socket).
	 *
	 * @param string $dir The run's directory.
	 * @param string $sql Statements.
	 * @return bool Whether it succeeded.
	 */
	private static function sql( $dir, $sql ) {
		$user = function_exists( 'posix_getpwuid' ) ? posix_getpwuid( posix_geteuid() )['name'] : 'root';
		$proc = proc_open(
			array( 'mariadb', '--no-defaults', '-u' . $user, '-S', $dir . '/mysql.sock', '-e', $sql ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', '/dev/null', 'w' ),
				2 => array( 'file', $dir . '/sql.log', 'a' ),
			),
			$pipes
		);
		return is_resource( $proc ) && 0 === proc_close( $proc );
	}

	/**
	 * The constants a wp-config.php defines, for Debian's WordPress (whose
	 * own wp-config.php reads /etc/wordpress/config-HOST.php, which a test
	 * leaves alone): what WordPress's own test bootstrap does, defining
	 * them before wp-settings.php. The content directory is the run's: the
	 * plugin linked into it as a site's plugins directory holds it, with
	 * Debian's themes and language packs.
	 *
	 * @param string $dir The run's directory.
	 */
	private static function write_config( $dir ) {
		// Another local user (the diagnosis as PHP-FPM's user) loads the
		// site too, as a web server's user reads a site's files: the run's
		// directory may be entered, not listed, and the site read.
		chmod( $dir, 0711 );
		$content = $dir . '/wp-content';
		foreach ( array( '', '/plugins', '/uploads' ) as $sub ) {
			if ( ! is_dir( $content . $sub ) ) {
				mkdir( $content . $sub, 0755, true );
			}
		}
		$abspath = self::abspath();
		foreach ( array( 'themes', 'languages' ) as $link ) {
			if ( ! file_exists( "$content/$link" ) ) {
				symlink( $abspath . 'wp-content/' . $link, "$content/$link" );
			}
		}
		if ( ! file_exists( $content . '/plugins/arshline-sidecar' ) ) {
			symlink( dirname( __DIR__, 2 ) . '/arshline-sidecar', $content . '/plugins/arshline-sidecar' );
		}
		$define = function ( $name, $value ) {
			return 'define( ' . var_export( $name, true ) . ', ' . var_export( $value, true ) . " );\n";
		};
		$config = "<?php\n// Written by the tests' Arshline_Test_WordPress.\n";
		foreach ( array(
			'DB_NAME'                    => 'wordpress',
			'DB_USER'                    => 'wordpress',
			'DB_PASSWORD'                => trim( (string) file_get_contents( $dir . '/db.pass' ) ),
			'DB_HOST'                    => 'localhost:' . $dir . '/mysql.sock',
			'DB_CHARSET'                 => 'utf8mb4',
			'DB_COLLATE'                 => '',
			'ABSPATH'                    => $abspath,
			'WP_CONTENT_DIR'             => $content,
			'WP_CONTENT_URL'             => self::HOME . '/wp-content',
			'WP_HOME'                    => self::HOME,
			'WP_SITEURL'                 => self::HOME,
			'WP_DEBUG'                   => true,
			'WP_DEBUG_DISPLAY'           => true,
			'WP_DEBUG_LOG'               => false,
			'DISABLE_WP_CRON'            => true,
			'AUTOMATIC_UPDATER_DISABLED' => true,
			'WP_HTTP_BLOCK_EXTERNAL'     => true,
			'WP_AUTO_UPDATE_CORE'        => false,
			'FS_METHOD'                  => 'direct',
			'WP_ENVIRONMENT_TYPE'        => 'local',
		) as $name => $value ) {
			$config .= $define( $name, $value );
		}
		foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $salt ) {
			$config .= $define( $salt, bin2hex( random_bytes( 24 ) ) );
		}
		file_put_contents( $dir . '/wp-config.php', $config );
		chmod( $dir . '/wp-config.php', 0644 );
	}

	/**
	 * Installs the site in a process of its own (wp-install.php).
	 *
	 * @param string $dir The run's directory.
	 */
	private static function install( $dir ) {
		self::run( array( PHP_BINARY, __DIR__ . '/wp-install.php', $dir ), $dir . '/wp-install.log' );
	}

	/**
	 * Runs a command to its end; throws with its output if it fails.
	 *
	 * @param string[] $argv Command.
	 * @param string   $log  File for its output.
	 */
	private static function run( array $argv, $log ) {
		$proc = proc_open(
			$argv,
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', $log, 'a' ),
				2 => array( 'file', $log, 'a' ),
			),
			$pipes
		);
		if ( ! is_resource( $proc ) || 0 !== proc_close( $proc ) ) {
			throw new RuntimeException( $argv[0] . ' failed: ' . file_get_contents( $log ) );
		}
	}

	/**
	 * In the PHPUnit process, at the end of the run: stops MariaDB and
	 * removes the run's directory.
	 */
	public static function stop() {
		$dir = getenv( self::ENV_DIR );
		if ( self::is_child() || ! is_string( $dir ) || '' === $dir || ! is_dir( $dir ) ) {
			return;
		}
		$pid_file = $dir . '/mysql.pid';
		$pid      = is_file( $pid_file ) ? (int) file_get_contents( $pid_file ) : 0;
		if ( $pid > 0 && function_exists( 'posix_kill' ) && posix_kill( $pid, 15 ) ) {
			$deadline = microtime( true ) + 15.0;
			while ( posix_kill( $pid, 0 ) && microtime( true ) < $deadline ) {
				usleep( 50000 );
			}
			if ( posix_kill( $pid, 0 ) ) {
				posix_kill( $pid, 9 );
			}
		}
		exec( 'rm -rf ' . escapeshellarg( $dir ) );
	}
}
