<?php
/**
 * The mapping table itself, for every code, including those the daemon
 * produces only under conditions a unit test cannot arrange (model limits,
 * unsafe output, a failed diff, shutdown).
 *
 * @package Arshline_Sidecar
 */

/**
 * Domain code → HTTP status, WP_Error and Hosha2 code.
 */
final class ErrorMapTest extends Arshline_Test_Case {

	/**
	 * Every domain code the daemon publishes, read from the error table of
	 * docs/API.md: its JSON-RPC code and the HTTP status the plugin must
	 * answer with.
	 *
	 * @return array
	 */
	public static function codes() {
		$doc = Arshline_Test_Processes::repo() . '/docs/API.md';
		preg_match_all( '/^\| `([A-Z_]+)` \| (-\d+) \| (\d{3})/m', is_file( $doc ) ? (string) file_get_contents( $doc ) : '', $rows, PREG_SET_ORDER );
		$codes = array();
		foreach ( $rows as $row ) {
			$codes[ $row[1] ] = array( $row[1], (int) $row[2], (int) $row[3] );
		}
		return $codes;
	}

	/**
	 * @dataProvider codes
	 *
	 * @param string $domain Domain code.
	 * @param int    $rpc    JSON-RPC code.
	 * @param int    $status HTTP status.
	 */
	public function test_each_code_maps_to_its_status( $domain, $rpc, $status ) {
		$this->assertSame( $status, Arshline_Sidecar_Errors::http_status( $domain ) );
		$this->assertSame( $domain, Arshline_Sidecar_Errors::domain_of_rpc_code( $rpc ) );

		$error = array(
			'code'    => $rpc,
			'message' => 'server message',
			'data'    => array(
				'error'      => $domain,
				'message_fa' => 'پیام فارسی ' . $domain,
				'message_en' => 'English message ' . $domain,
				'request_id' => 'abc123',
			),
		);
		$fa    = Arshline_Sidecar_Errors::from_rpc_error( $error, 'fa_IR' );
		$data  = $this->assertCallFailed( $fa, $domain, $status );
		$this->assertSame( 'پیام فارسی ' . $domain, $fa->get_error_message() );
		$this->assertSame( 'abc123', $data['request_id'] );
		$this->assertSame( $rpc, $data['rpc_code'] );

		$en = Arshline_Sidecar_Errors::from_rpc_error( $error, 'en_US' );
		$this->assertSame( 'English message ' . $domain, $en->get_error_message() );
	}

	/**
	 * @dataProvider codes
	 *
	 * @param string $domain Domain code.
	 * @param int    $rpc    JSON-RPC code.
	 * @param int    $status HTTP status.
	 */
	public function test_the_rpc_code_decides_when_data_names_no_domain_code( $domain, $rpc, $status ) {
		$r = Arshline_Sidecar_Errors::from_rpc_error(
			array(
				'code'    => $rpc,
				'message' => 'only a message',
			),
			'fa_IR'
		);
		$this->assertCallFailed( $r, $domain, $status );
		$this->assertSame( 'only a message', $r->get_error_message() );
	}

	public function test_an_unknown_code_is_a_500() {
		$this->assertSame( 500, Arshline_Sidecar_Errors::http_status( 'SOMETHING_NEW' ) );
		$r = Arshline_Sidecar_Errors::from_rpc_error(
			array(
				'code' => -32077,
				'data' => array(
					'error'      => 'SOMETHING_NEW',
					'message_fa' => 'تازه',
				),
			),
			'fa_IR'
		);
		$this->assertCallFailed( $r, 'SOMETHING_NEW', 500 );
	}

	public function test_retry_after_is_rounded_up_and_never_zero() {
		$make = function ( $secs ) {
			$data = array( 'error' => 'RATE_LIMIT' );
			if ( null !== $secs ) {
				$data['retry_after_sec'] = $secs;
			}
			return Arshline_Sidecar_Errors::from_rpc_error(
				array(
					'code' => -32007,
					'data' => $data,
				),
				'fa_IR'
			)->get_error_data()['retry_after'];
		};
		$this->assertSame( 7, $make( 7 ) );
		$this->assertSame( 3, $make( 2.2 ) );
		$this->assertSame( 1, $make( 0 ) );
		$this->assertSame( 1, $make( null ) );
	}

	public function test_violations_and_step_are_kept() {
		$r = Arshline_Sidecar_Errors::from_rpc_error(
			array(
				'code' => -32003,
				'data' => array(
					'error'      => 'INVALID_PLAN',
					'violations' => array( array( 'rule' => 'plan.no_steps' ) ),
					'step'       => 2,
				),
			),
			'fa_IR'
		);
		$data = $r->get_error_data();
		$this->assertSame( 'plan.no_steps', $data['violations'][0]['rule'] );
		$this->assertSame( 2, $data['step'] );
	}

	public function test_client_side_codes() {
		$expect = array(
			'DAEMON_UNAVAILABLE' => 503,
			'DAEMON_TIMEOUT'     => 503,
			'RESPONSE_TOO_LARGE' => 500,
			'BAD_RESPONSE'       => 500,
			'METHOD_NOT_FOUND'   => 500,
			'BAD_REQUEST'        => 400,
		);
		foreach ( $expect as $code => $status ) {
			$fa = Arshline_Sidecar_Errors::client_error( $code, 'fa_IR', 'detail' );
			$this->assertCallFailed( $fa, $code, $status );
			$this->assertPersian( $fa->get_error_message() );
			$en = Arshline_Sidecar_Errors::client_error( $code, 'en_US' );
			$this->assertDoesNotMatchRegularExpression( '/[\x{0600}-\x{06FF}]/u', $en->get_error_message() );
			$this->assertNotSame( $fa->get_error_message(), $en->get_error_message() );
		}
	}

	public function test_hosha2_codes_map_to_rest_codes() {
		$this->assertSame( 'rate_limited', Arshline_Sidecar_Errors::hosha2_code( 'RATE_LIMIT' ) );
		$this->assertSame( 'request_cancelled', Arshline_Sidecar_Errors::hosha2_code( 'CANCELLED' ) );
		$this->assertSame( 'runtime_error', Arshline_Sidecar_Errors::hosha2_code( 'INTERNAL' ) );
		$this->assertSame( 'service_unavailable', Arshline_Sidecar_Errors::hosha2_code( 'DAEMON_UNAVAILABLE' ) );
		$this->assertSame( 'openai_unavailable', Arshline_Sidecar_Errors::hosha2_code( 'OPENAI_UNAVAILABLE' ) );
		$this->assertSame( 'diff_apply_fail', Arshline_Sidecar_Errors::hosha2_code( 'DIFF_APPLY_FAIL' ) );
	}

	public function test_locale_detection() {
		$this->assertTrue( Arshline_Sidecar_Errors::is_persian( 'fa_IR' ) );
		$this->assertTrue( Arshline_Sidecar_Errors::is_persian( 'fa' ) );
		$this->assertFalse( Arshline_Sidecar_Errors::is_persian( 'en_US' ) );
		$this->assertFalse( Arshline_Sidecar_Errors::is_persian( '' ) );
	}

	public function test_the_plugin_knows_exactly_the_documented_codes() {
		$documented = self::codes();
		$this->assertGreaterThanOrEqual( 16, count( $documented ), 'the error table of docs/API.md was not found' );
		$this->assertSame( array_keys( $documented ), array_keys( Arshline_Sidecar_Errors::DAEMON_CODES ) );
	}
}
