<?php
/**
 * The client when the other end misbehaves: no daemon, a stale socket, a
 * server that never answers, one that answers 5 MiB, garbage, wrong ids,
 * half answers. Every case must end in a WP_Error with the right status,
 * promptly, and without a single PHP warning (PHPUnit turns any warning
 * into a test error).
 *
 * @package Arshline_Sidecar
 */

/**
 * Failure paths of the client.
 */
final class ClientFailureTest extends Arshline_Test_Case {

	/**
	 * Runs a call and returns [result, seconds].
	 *
	 * @param Arshline_Sidecar_Client $client Client.
	 * @param string                  $method Method.
	 * @return array{0: mixed, 1: float}
	 */
	private static function timed( $client, $method = 'system.health' ) {
		$t0     = microtime( true );
		$result = $client->call( $method, array(), self::actor() );
		return array( $result, microtime( true ) - $t0 );
	}

	public function test_missing_socket_is_a_503_without_warning() {
		$client = new Arshline_Sidecar_Client( '/nonexistent/arshline/d.sock' );
		list( $r, $secs ) = self::timed( $client );
		$data = $this->assertCallFailed( $r, 'DAEMON_UNAVAILABLE', 503 );
		$this->assertPersian( $r->get_error_message() );
		$this->assertStringContainsString( '/nonexistent/arshline/d.sock', $data['detail'] );
		$this->assertLessThan( 0.5, $secs );
		$this->assertNull( error_get_last() );
	}

	public function test_english_message_for_an_english_actor() {
		$client = new Arshline_Sidecar_Client( '/nonexistent/arshline/d.sock' );
		$r      = $client->call( 'system.health', array(), self::actor( array(), 'en_US' ) );
		$this->assertCallFailed( $r, 'DAEMON_UNAVAILABLE', 503 );
		$this->assertStringContainsString( 'not reachable', $r->get_error_message() );
	}

	public function test_empty_socket_path() {
		$this->assertCallFailed( ( new Arshline_Sidecar_Client( '' ) )->call( 'system.health' ), 'DAEMON_UNAVAILABLE', 503 );
	}

	public function test_a_regular_file_is_not_a_socket() {
		$file = Arshline_Test_Processes::root() . '/not-a-socket';
		file_put_contents( $file, 'x' );
		$r = ( new Arshline_Sidecar_Client( $file ) )->call( 'system.health' );
		$this->assertCallFailed( $r, 'DAEMON_UNAVAILABLE', 503 );
		$this->assertNull( error_get_last() );
	}

	public function test_a_stale_socket_refuses_the_connection() {
		$path   = Arshline_Test_Processes::root() . '/stale.sock';
		$server = stream_socket_server( 'unix://' . $path, $errno, $errstr );
		$this->assertIsResource( $server, $errstr );
		fclose( $server ); // The file stays; nobody listens.
		$this->assertFileExists( $path );
		list( $r, $secs ) = self::timed( new Arshline_Sidecar_Client( $path ) );
		$data = $this->assertCallFailed( $r, 'DAEMON_UNAVAILABLE', 503 );
		$this->assertStringContainsString( 'connect', $data['detail'] );
		$this->assertLessThan( 1.0, $secs );
		unlink( $path );
	}

	public function test_a_silent_server_times_out() {
		$client           = new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'silent' ), array( 'timeout' => 0.6 ) );
		list( $r, $secs ) = self::timed( $client );
		$data             = $this->assertCallFailed( $r, 'DAEMON_TIMEOUT', 503 );
		$this->assertSame( 'read timed out', $data['detail'] );
		$this->assertGreaterThanOrEqual( 0.55, $secs );
		$this->assertLessThan( 1.5, $secs );
		$this->assertFalse( $client->is_connected(), 'a timed-out connection must not be reused' );
	}

	public function test_per_call_timeout_overrides_the_default() {
		$client = new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'silent' ), array( 'timeout' => 30 ) );
		$t0     = microtime( true );
		$r      = $client->call( 'system.health', array(), null, array( 'timeout' => 0.3 ) );
		$this->assertCallFailed( $r, 'DAEMON_TIMEOUT', 503 );
		$this->assertLessThan( 1.0, microtime( true ) - $t0 );
	}

	public function test_a_5_mib_answer_is_refused() {
		$client           = new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'oversize' ), array( 'timeout' => 10 ) );
		list( $r, $secs ) = self::timed( $client );
		$this->assertCallFailed( $r, 'RESPONSE_TOO_LARGE', 500 );
		$this->assertLessThan( 5.0, $secs );
		$this->assertFalse( $client->is_connected() );
		$this->assertLessThan( 32 * 1048576, memory_get_peak_usage() );
	}

	public function test_a_3_mib_answer_fits_the_default_limit_but_not_a_smaller_one() {
		$socket = Arshline_Test_Processes::standin( 'big-ok' );
		$ok     = ( new Arshline_Sidecar_Client( $socket ) )->call( 'system.health' );
		$this->assertIsString( $ok );
		$this->assertSame( 3 * 1048576, strlen( $ok ) );

		$small = new Arshline_Sidecar_Client( $socket, array( 'max_response_bytes' => 1048576 ) );
		$this->assertCallFailed( $small->call( 'system.health' ), 'RESPONSE_TOO_LARGE', 500 );
	}

	public function test_garbage_is_a_bad_response() {
		$data = $this->assertCallFailed( ( new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'garbage' ) ) )->call( 'system.health' ), 'BAD_RESPONSE', 500 );
		$this->assertStringContainsString( 'invalid JSON', $data['detail'] );
	}

	public function test_an_answer_to_another_request_is_refused() {
		$data = $this->assertCallFailed( ( new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'wrong-id' ) ) )->call( 'system.health' ), 'BAD_RESPONSE', 500 );
		$this->assertStringContainsString( 'id does not match', $data['detail'] );
	}

	public function test_a_closed_connection_without_answer() {
		$this->assertCallFailed( ( new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'close' ) ) )->call( 'system.health' ), 'DAEMON_UNAVAILABLE', 503 );
	}

	public function test_half_an_answer() {
		$data = $this->assertCallFailed( ( new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'partial' ) ) )->call( 'system.health' ), 'BAD_RESPONSE', 500 );
		$this->assertStringContainsString( 'middle of an answer', $data['detail'] );
	}

	public function test_a_connection_the_server_closed_while_idle_is_replaced() {
		$client = new Arshline_Sidecar_Client( Arshline_Test_Processes::standin( 'once' ) );
		$first  = $client->call( 'a.first' );
		$this->assertSame( 'a.first', $first['method'] );
		usleep( 100000 ); // The stand-in has closed that connection by now.
		$second = $client->call( 'a.second' );
		$this->assertIsArray( $second, $second instanceof WP_Error ? $second->get_error_message() . ' ' . $second->get_error_data()['detail'] : '' );
		$this->assertSame( 'a.second', $second['method'] );
		$this->assertSame( 2, $client->last_request_id() );
	}

	public function test_params_that_cannot_be_encoded_never_reach_the_socket() {
		$client = new Arshline_Sidecar_Client( '/nonexistent/d.sock' );
		$r      = $client->call( 'forms.create', array( 'title' => "\xB1\x31 invalid utf-8" ) );
		$data   = $this->assertCallFailed( $r, 'BAD_REQUEST', 400 );
		$this->assertStringContainsString( 'UTF-8', $data['detail'] );
	}
}
