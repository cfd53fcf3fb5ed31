<?php
/**
 * Real processes for the tests: arshlined, the loopback fake model and the
 * misbehaving stand-in server. Everything started here is stopped at exit.
 *
 * @package Arshline_Sidecar
 */

/**
 * Starts and stops the processes the client tests talk to.
 */
final class Arshline_Test_Processes {

	/**
	 * Running processes by name.
	 *
	 * @var array<string, array{proc: resource, dir: string}>
	 */
	private static $procs = array();

	/**
	 * Scratch directory of this test run.
	 *
	 * @var string
	 */
	private static $root = '';

	/**
	 * Port of the fake model server.
	 *
	 * @var int
	 */
	private static $fake_port = 0;

	/**
	 * Port of the Kavenegar stand-in.
	 *
	 * @var int
	 */
	private static $kavenegar_port = 0;

	/**
	 * Repository root.
	 *
	 * @return string
	 */
	public static function repo() {
		return dirname( __DIR__, 3 );
	}

	/**
	 * Scratch directory, created on first use and removed at exit. Unix
	 * socket paths must stay short, so it lives under /tmp.
	 *
	 * @return string
	 */
	public static function root() {
		if ( '' === self::$root ) {
			self::$root = sys_get_temp_dir() . '/arsh-php-' . getmypid();
			if ( ! is_dir( self::$root ) ) {
				mkdir( self::$root, 0700, true );
			}
			register_shutdown_function( array( __CLASS__, 'stop_all' ) );
		}
		return self::$root;
	}

	/**
	 * Path of a built binary: the env var, else wp-plugin/tests/.build/NAME.
	 *
	 * @param string $env  Environment variable.
	 * @param string $name Binary name.
	 * @return string
	 */
	private static function binary( $env, $name ) {
		$path = getenv( $env );
		if ( ! is_string( $path ) || '' === $path ) {
			$path = dirname( __DIR__ ) . '/.build/' . $name;
		}
		if ( ! is_executable( $path ) ) {
			throw new RuntimeException( "$name is not built at $path; run .ci/php-tests.sh (or set $env)" );
		}
		return $path;
	}

	/**
	 * Starts the fake OpenAI-compatible server once and returns its port.
	 *
	 * @return int
	 */
	public static function fake_model() {
		if ( self::$fake_port ) {
			return self::$fake_port;
		}
		$dir       = self::root();
		$port_file = $dir . '/fake.port';
		self::spawn(
			'fake',
			array( self::binary( 'FAKEOPENAI_BIN', 'fakeopenai' ), '-addr', '127.0.0.1:0', '-port-file', $port_file, '-slow', '4s' ),
			array()
		);
		self::wait_for(
			function () use ( $port_file ) {
				return is_file( $port_file );
			},
			10.0,
			'the fake model server did not start'
		);
		self::$fake_port = (int) file_get_contents( $port_file );
		return self::$fake_port;
	}

	/**
	 * Starts a daemon once per name and returns its socket path.
	 *
	 * @param string $name      Name of this daemon ("llm": with the fake model; "plain": without one).
	 * @param array  $more_args More command-line flags.
	 * @return string
	 */
	public static function daemon( $name = 'llm', array $more_args = array() ) {
		$dir    = self::root() . '/' . $name;
		$socket = $dir . '/d.sock';
		if ( isset( self::$procs[ 'daemon-' . $name ] ) ) {
			return $socket;
		}
		if ( ! is_dir( $dir ) ) {
			mkdir( $dir, 0700, true );
		}
		$args = array( self::binary( 'ARSHLINED_BIN', 'arshlined' ), '--socket', $socket, '--db', $dir . '/arshline.db', '--log-dir', $dir . '/logs', '--db-synchronous', 'NORMAL' );
		$env  = array();
		if ( 'llm' === $name ) {
			$port = self::fake_model();
			$args = array_merge( $args, array( '--openai-base-url', 'http://127.0.0.1:' . $port . '/v1', '--openai-model', 'fake-model', '--openai-timeout', '1s' ) );
			$env['ARSHLINE_OPENAI_API_KEY'] = 'sk-test-not-a-real-key';
		}
		self::spawn( 'daemon-' . $name, array_merge( $args, $more_args ), $env );
		$probe = new Arshline_Sidecar_Client( $socket, array( 'timeout' => 2.0 ) );
		self::wait_for(
			function () use ( $probe ) {
				$health = $probe->call( 'system.health' );
				return is_array( $health ) && ! empty( $health['ok'] );
			},
			15.0,
			"arshlined ($name) did not become healthy: " . self::log( "daemon-$name" )
		);
		$probe->close();
		return $socket;
	}

	/**
	 * Starts the stand-in server in a mode and returns its socket path.
	 *
	 * @param string $mode A mode of fixtures/standin-server.php.
	 * @return string
	 */
	public static function standin( $mode ) {
		$dir    = self::root() . '/standin-' . $mode;
		$socket = $dir . '/s.sock';
		if ( isset( self::$procs[ 'standin-' . $mode ] ) ) {
			return $socket;
		}
		if ( ! is_dir( $dir ) ) {
			mkdir( $dir, 0700, true );
		}
		self::spawn( 'standin-' . $mode, array( PHP_BINARY, dirname( __DIR__ ) . '/fixtures/standin-server.php', $socket, $mode ), array() );
		// The socket file appears at bind(), before listen(): a connect in
		// between is refused. The stand-in says "ready" once it listens.
		$stdout = self::root() . '/standin-' . $mode . '.stdout.log';
		self::wait_for(
			function () use ( $stdout ) {
				clearstatcache( true, $stdout );
				return is_file( $stdout ) && "ready\n" === file_get_contents( $stdout );
			},
			5.0,
			"the stand-in server ($mode) did not start"
		);
		return $socket;
	}

	/**
	 * Starts the Kavenegar stand-in (fixtures/kavenegar-stand-in.php) once
	 * and returns its base URL, key and the file its messages go to.
	 *
	 * @return array{url: string, key: string, log: string}
	 */
	public static function kavenegar() {
		$dir = self::root() . '/kavenegar';
		$log = $dir . '/messages.jsonl';
		$key = 'test-kavenegar-key';
		if ( ! isset( self::$procs['kavenegar'] ) ) {
			if ( ! is_dir( $dir ) ) {
				mkdir( $dir, 0700, true );
			}
			// A free port: bound by the kernel, released, then taken by the server.
			$probe = stream_socket_server( 'tcp://127.0.0.1:0' );
			$name  = stream_socket_get_name( $probe, false );
			fclose( $probe );
			self::$kavenegar_port = (int) substr( $name, strrpos( $name, ':' ) + 1 );
			self::spawn(
				'kavenegar',
				array( PHP_BINARY, '-S', '127.0.0.1:' . self::$kavenegar_port, dirname( __DIR__ ) . '/fixtures/kavenegar-stand-in.php' ),
				array(
					'ARSHLINE_SMS_LOG' => $log,
					'ARSHLINE_SMS_KEY' => $key,
				)
			);
			$port = self::$kavenegar_port;
			self::wait_for(
				function () use ( $port ) {
					$c = @fsockopen( '127.0.0.1', $port, $errno, $errstr, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- refused until the server listens.
					if ( $c ) {
						fclose( $c );
						return true;
					}
					return false;
				},
				5.0,
				'the Kavenegar stand-in did not start'
			);
		}
		return array(
			'url' => 'http://127.0.0.1:' . self::$kavenegar_port,
			'key' => $key,
			'log' => $log,
		);
	}

	/**
	 * Stops one process (SIGTERM, then SIGKILL after 5 s).
	 *
	 * @param string $name Process name.
	 */
	public static function stop( $name ) {
		if ( ! isset( self::$procs[ $name ] ) ) {
			return;
		}
		$proc = self::$procs[ $name ]['proc'];
		unset( self::$procs[ $name ] );
		$status = proc_get_status( $proc );
		if ( $status['running'] ) {
			proc_terminate( $proc, 15 );
			$deadline = microtime( true ) + 5.0;
			while ( microtime( true ) < $deadline ) {
				$status = proc_get_status( $proc );
				if ( ! $status['running'] ) {
					break;
				}
				usleep( 20000 );
			}
			if ( $status['running'] ) {
				proc_terminate( $proc, 9 );
			}
		}
		proc_close( $proc );
		if ( 'fake' === $name ) {
			self::$fake_port = 0;
		}
	}

	/**
	 * Stops every process and removes the scratch directory.
	 */
	public static function stop_all() {
		foreach ( array_keys( self::$procs ) as $name ) {
			self::stop( $name );
		}
		if ( '' !== self::$root && is_dir( self::$root ) ) {
			self::remove_tree( self::$root );
		}
	}

	/**
	 * Log of a process (stderr).
	 *
	 * @param string $name Process name.
	 * @return string
	 */
	public static function log( $name ) {
		$file = self::root() . '/' . $name . '.stderr.log';
		return is_file( $file ) ? (string) file_get_contents( $file ) : '';
	}

	/**
	 * Starts a process with its output in files.
	 *
	 * @param string $name Process name.
	 * @param array  $argv Command and arguments.
	 * @param array  $env  Extra environment.
	 */
	private static function spawn( $name, array $argv, array $env ) {
		$dir  = self::root();
		$spec = array(
			0 => array( 'file', '/dev/null', 'r' ),
			1 => array( 'file', $dir . '/' . $name . '.stdout.log', 'a' ),
			2 => array( 'file', $dir . '/' . $name . '.stderr.log', 'a' ),
		);
		$proc = proc_open( $argv, $spec, $pipes, null, array_merge( getenv(), $env ) );
		if ( ! is_resource( $proc ) ) {
			throw new RuntimeException( "cannot start $name" );
		}
		self::$procs[ $name ] = array(
			'proc' => $proc,
			'dir'  => $dir,
		);
	}

	/**
	 * Waits until a condition holds.
	 *
	 * @param callable $ready   Condition.
	 * @param float    $seconds Longest wait.
	 * @param string   $failure Message when it never holds.
	 */
	private static function wait_for( callable $ready, $seconds, $failure ) {
		$deadline = microtime( true ) + $seconds;
		while ( microtime( true ) < $deadline ) {
			if ( $ready() ) {
				return;
			}
			usleep( 25000 );
		}
		throw new RuntimeException( $failure );
	}

	/**
	 * Removes a directory tree.
	 *
	 * @param string $dir Directory.
	 */
	private static function remove_tree( $dir ) {
		$items = new RecursiveIteratorIterator(
			new RecursiveDirectoryIterator( $dir, FilesystemIterator::SKIP_DOTS ),
			RecursiveIteratorIterator::CHILD_FIRST
		);
		foreach ( $items as $item ) {
			$item->isDir() && ! $item->isLink() ? rmdir( $item->getPathname() ) : unlink( $item->getPathname() );
		}
		rmdir( $dir );
	}
}
