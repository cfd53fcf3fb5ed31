<?php
/**
 * The settings page's connection test: each way the socket can stand in
 * the way is told apart (no socket, not a socket, nobody listening,
 * permission denied on the socket or its directory, the service refusing
 * PHP's user, versions that do not work together, all well), against real
 * sockets, a real arshlined and the stand-in server; and what it learns
 * feeds the admin notices.
 *
 * Runs on the real WordPress, each test in its own process, as a site
 * owner who reads WordPress in English.
 *
 * @package Arshline_Sidecar
 */

/**
 * Arshline_Sidecar_Diagnostics.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class DiagnosticsTest extends Arshline_WP_Test_Case {

	protected function setUp(): void {
		parent::setUp();
		$owner = self::login_with_caps( array( 'read', 'manage_options', Arshline_Sidecar_Plugin::CAP ) );
		update_user_meta( $owner->ID, 'locale', 'en_US' );
		self::login( $owner );
		// An admin page loads WordPress in its user's language (determine_locale()), numbers included.
		switch_to_locale( get_user_locale() );
	}

	/**
	 * Diagnoses $socket as the configured socket.
	 *
	 * @param string $socket Socket path.
	 * @return array
	 */
	private static function probe( $socket ) {
		self::use_daemon( $socket );
		return Arshline_Sidecar_Diagnostics::probe( $socket, true );
	}

	/**
	 * Diagnoses $socket from a PHP process running as an unprivileged user
	 * (nobody), the way PHP-FPM's www-data meets the socket.
	 *
	 * @param string $socket Socket path.
	 * @return array
	 */
	private static function probe_as_nobody( $socket ) {
		$cmd  = array( 'runuser', '-u', 'nobody', '--', PHP_BINARY, __DIR__ . '/fixtures/diagnose.php', $socket );
		$proc = proc_open( $cmd, array( 1 => array( 'pipe', 'w' ), 2 => array( 'pipe', 'w' ) ), $pipes );
		$out  = stream_get_contents( $pipes[1] );
		$err  = stream_get_contents( $pipes[2] );
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		$rc     = proc_close( $proc );
		$result = json_decode( (string) $out, true );
		if ( 0 !== $rc || ! is_array( $result ) ) {
			throw new RuntimeException( "diagnose.php as nobody failed ($rc): $out $err" );
		}
		return $result;
	}

	/**
	 * A directory of the scratch space others may enter.
	 *
	 * @param string $name Directory name.
	 * @return string
	 */
	private static function open_dir( $name ) {
		$root = Arshline_Test_Processes::root();
		chmod( $root, 0711 );
		$dir = $root . '/' . $name;
		mkdir( $dir, 0755 );
		return $dir;
	}

	/**
	 * Checks the level, title and fix of a diagnosis's explanation, and
	 * returns it with the left-to-right isolates taken out.
	 *
	 * @param array  $r     A diagnosis.
	 * @param string $level The notice level expected.
	 * @return array
	 */
	private function assertExplained( array $r, $level ) {
		$raw = Arshline_Sidecar_Diagnostics::explain( $r );
		if ( isset( $r['socket'] ) && in_array( $r['status'], array( 'missing', 'not_socket', 'not_listening' ), true ) ) {
			$this->assertStringContainsString( "\u{2066}" . $r['socket'] . "\u{2069}", $raw['title'], 'the path is not isolated left to right' );
		}
		$strip = function ( $v ) use ( &$strip ) {
			return is_array( $v ) ? array_map( $strip, $v ) : str_replace( array( "\u{2066}", "\u{2069}" ), '', $v );
		};
		$e     = $strip( $raw );
		$this->assertSame( $level, $e['level'], $r['status'] );
		$this->assertNotSame( '', $e['title'] );
		if ( 'success' !== $level ) {
			$this->assertNotSame( '', $e['fix'], $r['status'] . ' has no fix' );
		}
		return $e;
	}

	public function test_no_socket_and_not_a_socket() {
		$dir = self::open_dir( 'plain' );
		$r   = self::probe( $dir . '/missing.sock' );
		$this->assertSame( 'missing', $r['status'] );
		$e = $this->assertExplained( $r, 'error' );
		$this->assertStringContainsString( $dir . '/missing.sock', $e['title'] );
		$this->assertContains( 'sudo systemctl enable --now arshlined.socket', $e['commands'] );
		// The notice learns it, naming this path.
		$this->assertSame( $dir . '/missing.sock', get_transient( 'arshline_sidecar_unavailable' )['socket'] );

		file_put_contents( $dir . '/file', 'x' );
		$this->assertSame( 'not_socket', self::probe( $dir . '/file' )['status'] );
	}

	public function test_a_socket_nobody_listens_on() {
		$path   = self::open_dir( 'stale' ) . '/s.sock';
		$server = stream_socket_server( 'unix://' . $path );
		fclose( $server ); // PHP leaves the file behind, as a crashed service would.
		$this->assertFileExists( $path );
		$r = self::probe( $path );
		$this->assertSame( 'not_listening', $r['status'] );
		$this->assertStringContainsStringIgnoringCase( 'refused', $r['detail'] );
		$this->assertExplained( $r, 'error' );
	}

	public function test_ok_with_the_versions() {
		set_transient( 'arshline_sidecar_unavailable', array( 'socket' => 'x' ), 60 );
		$socket = Arshline_Test_Processes::standin( 'health-1' );
		$r      = self::probe( $socket );
		$this->assertSame( 'ok', $r['status'] );
		$this->assertSame( '9.9.9', $r['daemon_version'] );
		$this->assertSame( 1, $r['daemon_protocol'] );
		$e = $this->assertExplained( $r, 'success' );
		$this->assertSame( '9.9.9 (protocol 1)', $e['facts']['The arshlined service'] );
		$this->assertSame( ARSHLINE_SIDECAR_VERSION . ' (protocol 1)', $e['facts']['This plugin'] );
		$this->assertFalse( get_transient( 'arshline_sidecar_unavailable' ), 'an answer clears the unavailable notice' );
		$this->assertSame( 1, Arshline_Sidecar_Diagnostics::known_daemon()['protocol'] );
	}

	public function test_a_newer_service_asks_for_the_plugin_to_be_upgraded() {
		$r = self::probe( Arshline_Test_Processes::standin( 'health-2' ) );
		$this->assertSame( 'mismatch', $r['status'] );
		$e = $this->assertExplained( $r, 'warning' );
		$this->assertStringContainsString( '9.9.9', $e['title'] );
		$this->assertStringContainsString( ARSHLINE_SIDECAR_VERSION, $e['title'] );
		$this->assertStringContainsString( 'Upgrade the Arshline Sidecar plugin to 9.9.9', $e['fix'] );
		$this->assertSame( 2, Arshline_Sidecar_Diagnostics::known_daemon()['protocol'] );
	}

	public function test_an_older_service_asks_for_the_service_to_be_upgraded() {
		$r = self::probe( Arshline_Test_Processes::standin( 'health-none' ) );
		$this->assertSame( 'mismatch', $r['status'] );
		$this->assertNull( $r['daemon_protocol'] );
		$e = $this->assertExplained( $r, 'warning' );
		$this->assertStringContainsString( 'Upgrade the arshlined package to ' . ARSHLINE_SIDECAR_VERSION, $e['fix'] );
		$this->assertSame( array( 'sudo apt install ./arshlined_' . ARSHLINE_SIDECAR_VERSION . '_amd64.deb' ), $e['commands'] );
		$this->assertStringContainsString( 'reports no protocol', $e['facts']['The arshlined service'] );
	}

	public function test_a_refusal_by_the_service() {
		$r = self::probe( Arshline_Test_Processes::standin( 'refuse' ) );
		$this->assertSame( 'refused', $r['status'] );
		$e = $this->assertExplained( $r, 'error' );
		$this->assertStringContainsString( 'ARSHLINE_ALLOW_UIDS=', $e['fix'] );
	}

	public function test_the_real_service_refusing_an_unlisted_user() {
		$this->requireRoot();
		$dir    = self::open_dir( 'peer' );
		$socket = Arshline_Test_Processes::daemon( 'peer', array( '--socket', $dir . '/d.sock', '--socket-mode', '0666' ) );
		$this->assertSame( $dir . '/d.sock', $socket );
		$r = self::probe_as_nobody( $socket );
		$this->assertSame( 'refused', $r['status'], json_encode( $r ) );
		$this->assertSame( 'nobody', $r['php_user']['name'] );
		$this->assertStringContainsString( 'اجازهٔ استفاده از سوکت', $r['detail'] );
		$e = $this->assertExplained( $r, 'error' );
		$this->assertStringContainsString( 'ARSHLINE_ALLOW_UIDS=nobody', $e['fix'] );
		// As the daemon's own user, the same socket answers.
		$this->assertContains( self::probe( $socket )['status'], array( 'ok', 'mismatch' ) );
	}

	public function test_permission_denied_on_the_socket_and_on_its_directory() {
		$this->requireRoot();
		$dir    = self::open_dir( 'perm' );
		$server = stream_socket_server( 'unix://' . $dir . '/s.sock' );
		chmod( $dir . '/s.sock', 0600 );
		$r = self::probe_as_nobody( $dir . '/s.sock' );
		fclose( $server );
		$this->assertSame( 'permission', $r['status'], json_encode( $r ) );
		$this->assertSame( 'socket', $r['where'] );
		$this->assertSame( 'nobody', $r['php_user']['name'] );
		$this->assertSame( array( 'user' => 'root', 'group' => 'root', 'mode' => '0600' ), array_intersect_key( $r['owner'], array_flip( array( 'user', 'group', 'mode' ) ) ) );
		$e = $this->assertExplained( $r, 'error' );
		$this->assertStringContainsString( 'nobody', $e['title'] );
		$this->assertSame( 'root:root 0600', $e['facts']['Owner, group and mode'] );

		$closed = Arshline_Test_Processes::root() . '/closed';
		mkdir( $closed, 0700 );
		$r = self::probe_as_nobody( $closed . '/s.sock' );
		$this->assertSame( 'permission', $r['status'], json_encode( $r ) );
		$this->assertSame( 'directory', $r['where'] );
		$this->assertSame( '0700', $r['owner']['mode'] );
	}

	/**
	 * The permission checks need a second, unprivileged user: root passes them all.
	 */
	private function requireRoot() {
		if ( ! function_exists( 'posix_geteuid' ) || 0 !== posix_geteuid() ) {
			$this->markTestSkipped( 'needs root to run the probe as nobody (CI runs as root)' );
		}
	}
}
