<?php
/**
 * Site Health: the four tests and the Info section, against the stand-in
 * server answering as a service that is well, one speaking another
 * protocol, one whose disk is nearly full and whose database cannot be
 * written, and no service at all.
 *
 * Runs on the real WordPress, each test in its own process, as a site
 * owner who reads WordPress in English.
 *
 * @package Arshline_Sidecar
 */

/**
 * Arshline_Sidecar_Site_Health.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class SiteHealthTest extends Arshline_WP_Test_Case {

	protected function setUp(): void {
		parent::setUp();
		$owner = self::login_with_caps( array( 'read', 'manage_options', Arshline_Sidecar_Plugin::CAP ) );
		update_user_meta( $owner->ID, 'locale', 'en_US' );
		self::login( $owner );
		// An admin page loads WordPress in its user's language (determine_locale()), numbers included.
		switch_to_locale( get_user_locale() );
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
	}

	/**
	 * Runs every test of the plugin against $socket.
	 *
	 * @param string $socket Socket path.
	 * @return array<string, array> Results by test id.
	 */
	private static function run_tests( $socket ) {
		self::use_daemon( $socket );
		$tests = Arshline_Sidecar_Site_Health::tests( array( 'direct' => array() ) );
		$out   = array();
		foreach ( $tests['direct'] as $id => $test ) {
			$result = call_user_func( $test['test'] );
			self::assertSame( $id, $result['test'] );
			self::assertContains( $result['status'], array( 'good', 'recommended', 'critical' ) );
			self::assertNotSame( '', $result['label'] );
			$out[ $id ] = $result;
		}
		return $out;
	}

	/**
	 * The Info section's values by field, without the isolate marks.
	 *
	 * @return array<string, string>
	 */
	private static function info() {
		$info   = Arshline_Sidecar_Site_Health::debug_information( array() );
		$fields = array();
		foreach ( $info['arshline-sidecar']['fields'] as $key => $field ) {
			$fields[ $key ] = str_replace( array( "\u{2066}", "\u{2069}" ), '', (string) $field['value'] );
			if ( isset( $field['debug'] ) && is_string( $field['debug'] ) ) {
				self::assertStringNotContainsString( "\u{2066}", $field['debug'], "$key is copied with isolate marks" );
			}
		}
		return $fields;
	}

	public function test_a_service_that_is_well() {
		$r = self::run_tests( Arshline_Test_Processes::standin( 'health-1' ) );
		foreach ( $r as $id => $result ) {
			$this->assertSame( 'good', $result['status'], "$id: " . $result['label'] );
			$this->assertSame( '', $result['actions'] );
		}
		$this->assertStringContainsString( '/var/lib/arshline/uploads', $r['arshline_sidecar_disk']['description'] );
		$info = self::info();
		$this->assertSame( ARSHLINE_SIDECAR_VERSION, $info['plugin_version'] );
		$this->assertSame( '9.9.9', $info['daemon_version'] );
		$this->assertSame( '1', (string) $info['daemon_protocol'] );
		$this->assertSame( '/var/lib/arshline/arshline.db', $info['database_path'] );
		$this->assertSame( '2.0 MB', $info['database_size'] );
		$this->assertSame( '3.0 MB in 3 files', $info['uploads_size'] );
		$this->assertSame( '5.0 GB', $info['uploads_free'], 'WordPress\'s size_format()' );
		$this->assertStringStartsWith( 'none', $info['model'] );
	}

	public function test_another_protocol_is_critical() {
		$r = self::run_tests( Arshline_Test_Processes::standin( 'health-2' ) );
		$this->assertSame( 'good', $r['arshline_sidecar_reachable']['status'] );
		$this->assertSame( 'critical', $r['arshline_sidecar_versions']['status'] );
		$this->assertStringContainsString( 'Upgrade the Arshline Sidecar plugin', $r['arshline_sidecar_versions']['description'] );
		$this->assertStringContainsString( 'arsh-connection', $r['arshline_sidecar_versions']['actions'] );
	}

	public function test_a_full_disk_and_a_database_that_cannot_be_written() {
		$r = self::run_tests( Arshline_Test_Processes::standin( 'health-1-lowdisk' ) );
		$this->assertSame( 'good', $r['arshline_sidecar_versions']['status'] );
		$this->assertSame( 'critical', $r['arshline_sidecar_database']['status'] );
		$this->assertSame( 'critical', $r['arshline_sidecar_disk']['status'] );
		$this->assertStringContainsString( '50.0 MB', $r['arshline_sidecar_disk']['description'] );
	}

	public function test_no_service() {
		$r = self::run_tests( Arshline_Test_Processes::root() . '/none.sock' );
		$this->assertSame( 'critical', $r['arshline_sidecar_reachable']['status'] );
		$this->assertStringContainsString( 'There is no socket at', $r['arshline_sidecar_reachable']['label'] );
		$this->assertStringContainsString( 'visitors can neither see nor send your forms', $r['arshline_sidecar_reachable']['description'] );
		foreach ( array( 'arshline_sidecar_versions', 'arshline_sidecar_database', 'arshline_sidecar_disk' ) as $id ) {
			$this->assertSame( 'recommended', $r[ $id ]['status'], $id );
		}
		$info = self::info();
		$this->assertArrayNotHasKey( 'daemon_version', $info );
		$this->assertStringContainsString( 'There is no socket at', $info['connection'] );
	}

	public function test_a_service_without_system_status() {
		// A real arshlined of this tree: system.status may be missing from it
		// (an older service), and then the disk test says so instead of
		// passing or failing.
		$socket = Arshline_Test_Processes::daemon( 'plain' );
		$r      = self::run_tests( $socket );
		$this->assertSame( 'good', $r['arshline_sidecar_reachable']['status'] );
		$this->assertSame( 'good', $r['arshline_sidecar_database']['status'] );
		$status = ( new Arshline_Sidecar_Client( $socket ) )->call( 'system.status', array(), Arshline_Sidecar_Plugin::actor( true ) );
		if ( is_wp_error( $status ) ) {
			$this->assertSame( 'METHOD_NOT_FOUND', $status->get_error_data()['error'] );
			$this->assertSame( 'recommended', $r['arshline_sidecar_disk']['status'] );
			$this->assertStringContainsString( 'پشتیبانی نمی‌کند', $r['arshline_sidecar_disk']['description'] );
		} else {
			$this->assertContains( $r['arshline_sidecar_disk']['status'], array( 'good', 'recommended', 'critical' ) );
			$this->assertStringContainsString( $status['uploads']['path'], $r['arshline_sidecar_disk']['description'] );
		}
	}
}
