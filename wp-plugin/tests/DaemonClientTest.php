<?php
/**
 * The client against a real arshlined over its real Unix socket: results,
 * and every domain error the daemon can be made to produce, with its HTTP
 * status and message language.
 *
 * @package Arshline_Sidecar
 */

/**
 * Client ↔ daemon.
 */
final class DaemonClientTest extends Arshline_Test_Case {

	/**
	 * Client of the daemon with the fake model.
	 *
	 * @var Arshline_Sidecar_Client
	 */
	private $client;

	protected function setUp(): void {
		$this->client = new Arshline_Sidecar_Client( Arshline_Test_Processes::daemon( 'llm' ), array( 'timeout' => 10.0 ) );
	}

	protected function tearDown(): void {
		$this->client->close();
	}

	/**
	 * A method the daemon must have: the test fails, naming the method, when
	 * the daemon does not serve it (a missing method is a regression, not a
	 * reason to skip).
	 *
	 * @param mixed  $result A call's result.
	 * @param string $method Method name.
	 */
	private function requireMethod( $result, $method ) {
		if ( $result instanceof WP_Error && 'METHOD_NOT_FOUND' === $result->get_error_data()['error'] ) {
			$this->fail( "arshlined does not serve $method" );
		}
	}

	public function test_health_answers_over_the_socket() {
		$health = $this->client->call( 'system.health' );
		$this->assertIsArray( $health );
		$this->assertTrue( $health['ok'] );
		$this->assertTrue( $health['db_ok'] );
		$this->assertTrue( $health['llm_configured'] );
		$this->assertIsString( $health['version'] );
		$this->assertNotSame( '', $health['version'] );
	}

	public function test_ids_increase_on_one_reused_connection() {
		$this->assertSame( 0, $this->client->last_request_id() );
		$this->assertFalse( $this->client->is_connected() );
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertIsArray( $this->client->call( 'system.health' ) );
			$this->assertSame( $i, $this->client->last_request_id() );
			$this->assertTrue( $this->client->is_connected() );
		}
	}

	public function test_form_round_trip_keeps_persian_html_and_bidi_text() {
		$title   = "<b>چکاپ</b> \u{202E}سه\u{202C} & \"quotes\"";
		$created = $this->client->call( 'forms.create', array( 'title' => $title ), self::actor() );
		$this->assertIsArray( $created, $created instanceof WP_Error ? $created->get_error_message() : '' );
		$id = $created['form']['id'];
		$this->assertGreaterThan( 0, $id );

		$got = $this->client->call( 'forms.get', array( 'id' => $id ), self::actor() );
		$this->assertSame( $title, $got['title'] );
		$this->assertSame( 'draft', $got['status'] );
		$this->assertSame( 1, $got['version_count'] );
	}

	public function test_objects_mode_keeps_empty_objects() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'objects' ), self::actor(), array( 'objects' => true ) );
		$this->assertIsObject( $created );
		$this->assertSame( '{}', json_encode( $created->form->document->meta ) );
	}

	public function test_forbidden_for_an_actor_without_capabilities() {
		$fa   = $this->client->call( 'forms.list', array(), self::actor( array(), 'fa_IR', 7 ) );
		$data = $this->assertCallFailed( $fa, 'FORBIDDEN', 403 );
		$this->assertSame( $data['message_fa'], $fa->get_error_message() );
		$this->assertPersian( $fa->get_error_message() );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{6,32}$/', $data['request_id'] );

		$en = $this->client->call( 'forms.list', array(), self::actor( array( 'read' ), 'en_US', 7 ) );
		$this->assertCallFailed( $en, 'FORBIDDEN', 403 );
		$this->assertSame( $en->get_error_data()['message_en'], $en->get_error_message() );
		$this->assertDoesNotMatchRegularExpression( '/[\x{0600}-\x{06FF}]/u', $en->get_error_message() );
	}

	public function test_not_found_for_a_missing_form() {
		$r = $this->client->call( 'forms.get', array( 'id' => 987654 ), self::actor() );
		$this->assertCallFailed( $r, 'NOT_FOUND', 404 );
		$this->assertStringContainsString( '987654', $r->get_error_message() );
	}

	public function test_a_site_sees_only_its_own_forms() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'site two' ), self::actor( array( 'manage_options' ), 'en_US', 1, 2 ) );
		$this->assertIsArray( $created, $created instanceof WP_Error ? $created->get_error_message() : '' );
		$id = $created['form']['id'];
		$this->assertSame( 2, $created['form']['site_id'] );
		$this->assertSame( 'site two', $this->client->call( 'forms.get', array( 'id' => $id ), self::actor( array( 'manage_options' ), 'en_US', 1, 2 ) )['title'] );

		// Another site gets the answer of a form that does not exist.
		$other = $this->client->call( 'forms.get', array( 'id' => $id ), self::actor( array( 'manage_options' ), 'en_US', 1, 3 ) );
		$this->assertCallFailed( $other, 'NOT_FOUND', 404 );
		foreach ( $this->client->call( 'forms.list', array( 'limit' => 200 ), self::actor( array( 'manage_options' ), 'en_US', 1, 3 ) ) as $form ) {
			$this->assertNotSame( $id, $form['id'] );
		}
		$this->assertCallFailed( $this->client->call( 'forms.list', array(), self::actor( array( 'manage_options' ), 'en_US', 1, 0 ) ), 'INVALID_PARAMS', 400 );
	}

	public function test_invalid_params() {
		$this->assertCallFailed( $this->client->call( 'forms.get', array( 'id' => 0 ), self::actor() ), 'INVALID_PARAMS', 400 );
		$this->assertCallFailed( $this->client->call( 'forms.list', array( 'limit' => 5000 ), self::actor() ), 'INVALID_PARAMS', 400 );
		$this->assertCallFailed( $this->client->call( 'ai.undo', array( 'token' => 'not-a-token' ), self::actor() ), 'INVALID_PARAMS', 400 );
	}

	public function test_invalid_plan_on_execute_with_violations() {
		$plan = array(
			'version' => 1,
			'steps'   => array(
				array(
					'action' => 'drop_all_forms',
					'params' => new stdClass(),
				),
			),
		);
		$r    = $this->client->call(
			'ai.execute',
			array(
				'plan'    => $plan,
				'confirm' => true,
			),
			self::actor()
		);
		$this->requireMethod( $r, 'ai.execute' );
		$data = $this->assertCallFailed( $r, 'INVALID_PLAN', 400 );
		$this->assertNotEmpty( $data['violations'] );
		$rules = array_column( $data['violations'], 'rule' );
		$this->assertContains( 'step.action_not_allowed', $rules );
	}

	public function test_conflict_on_a_stale_update() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'conflict' ), self::actor() );
		$id      = $created['form']['id'];
		$first   = $created['form']['head_version_id'];
		$ok      = $this->client->call(
			'forms.update',
			array(
				'id'                  => $id,
				'title'               => 'second',
				'expected_version_id' => $first,
			),
			self::actor()
		);
		$this->assertIsArray( $ok, $ok instanceof WP_Error ? $ok->get_error_message() : '' );
		$stale = $this->client->call(
			'forms.update',
			array(
				'id'                  => $id,
				'title'               => 'third',
				'expected_version_id' => $first,
			),
			self::actor()
		);
		$this->assertCallFailed( $stale, 'CONFLICT', 409 );
	}

	/**
	 * Plans and executes a Persian command; returns the execute result.
	 *
	 * @param string $text Command.
	 * @return array
	 */
	private function planAndExecute( $text ) {
		$plan = $this->client->call(
			'ai.plan',
			array(
				'text' => $text,
				'mode' => 'internal',
			),
			self::actor()
		);
		$this->requireMethod( $plan, 'ai.plan' );
		$this->assertIsArray( $plan, $plan instanceof WP_Error ? $plan->get_error_message() : '' );
		$this->assertArrayHasKey( 'plan', $plan, json_encode( $plan, JSON_UNESCAPED_UNICODE ) );
		$done = $this->client->call(
			'ai.execute',
			array(
				'plan'    => $plan['plan'],
				'confirm' => true,
			),
			self::actor()
		);
		$this->assertIsArray( $done, $done instanceof WP_Error ? $done->get_error_message() : '' );
		return $done;
	}

	public function test_plan_execute_undo_then_already_undone() {
		$done = $this->planAndExecute( 'یک فرم جدید بساز و دو سوال پاسخ کوتاه اضافه کن، اسم فرم را چکاپ سه بگذار' );
		$this->assertCount( 3, $done['results'] );
		$this->assertSame( array( 'create_form', 'add_field', 'add_field' ), array_column( $done['results'], 'action' ) );
		$form_id = $done['forms_touched'][0];
		$form    = $this->client->call( 'forms.get', array( 'id' => $form_id ), self::actor() );
		$this->assertSame( 'چکاپ سه', $form['title'] );
		$this->assertCount( 2, $form['document']['fields'] );

		$undo = $this->client->call( 'ai.undo', array( 'tokens' => $done['undo_tokens'] ), self::actor() );
		$this->assertIsArray( $undo, $undo instanceof WP_Error ? $undo->get_error_message() : '' );
		$this->assertCount( 3, $undo['undone'] );
		$this->assertCallFailed( $this->client->call( 'forms.get', array( 'id' => $form_id ), self::actor() ), 'NOT_FOUND', 404 );

		$again = $this->client->call( 'ai.undo', array( 'token' => $done['undo_tokens'][2] ), self::actor() );
		$this->assertCallFailed( $again, 'ALREADY_UNDONE', 409 );
	}

	public function test_undo_conflict_after_a_later_change() {
		$done    = $this->planAndExecute( 'یک فرم جدید بساز و یک سوال پاسخ کوتاه اضافه کن، اسم فرم را آزمون تداخل بگذار' );
		$form_id = $done['forms_touched'][0];
		$later   = $this->client->call(
			'forms.update',
			array(
				'id'    => $form_id,
				'title' => 'changed later',
			),
			self::actor()
		);
		$this->assertIsArray( $later );
		$last = end( $done['undo_tokens'] );
		$data = $this->assertCallFailed( $this->client->call( 'ai.undo', array( 'token' => $last ), self::actor() ), 'UNDO_CONFLICT', 409 );
		$this->assertPersian( $data['message_fa'] );
	}

	public function test_undo_by_another_user_is_forbidden() {
		$done = $this->planAndExecute( 'یک فرم جدید بساز، اسم فرم را فرم کاربر دیگر بگذار' );
		$r    = $this->client->call( 'ai.undo', array( 'token' => $done['undo_tokens'][0] ), self::actor( array( 'manage_arshline_forms' ), 'fa_IR', 99 ) );
		$this->assertCallFailed( $r, 'FORBIDDEN', 403 );
	}

	public function test_rate_limit_with_retry_after() {
		$actor = self::actor( array( 'manage_options' ), 'fa_IR', 4242 );
		$seen  = null;
		for ( $i = 0; $i < 15; $i++ ) {
			$r = $this->client->call(
				'ai.plan',
				array(
					'text' => "فرم شماره $i را منتشر کن لطفا نسخه $i",
					'mode' => 'llm',
				),
				$actor
			);
			$this->requireMethod( $r, 'ai.plan' );
			if ( $r instanceof WP_Error ) {
				$seen = $r;
				break;
			}
		}
		$this->assertNotNull( $seen, 'fifteen model calls in a row were never rate limited' );
		$data = $this->assertCallFailed( $seen, 'RATE_LIMIT', 429 );
		$this->assertGreaterThanOrEqual( 10, $i, 'limited before the tenth call' );
		$this->assertGreaterThanOrEqual( 1, $data['retry_after'] );
		$this->assertLessThanOrEqual( 60, $data['retry_after'] );
	}

	public function test_model_timeout_is_a_500() {
		$r = $this->client->call(
			'ai.plan',
			array(
				'text' => 'یک فرم بساز [slow] اسم فرم را کند بگذار',
				'mode' => 'llm',
			),
			self::actor( array( 'manage_options' ), 'en_US', 31 ),
			array( 'timeout' => 30.0 )
		);
		$this->requireMethod( $r, 'ai.plan' );
		$data = $this->assertCallFailed( $r, 'TIMEOUT', 500 );
		$this->assertSame( $data['message_en'], $r->get_error_message() );
	}

	public function test_a_failing_model_is_a_503_with_retry_after() {
		$r = $this->client->call(
			'ai.plan',
			array(
				'text' => 'یک فرم بساز [fail] اسم فرم را خراب بگذار',
				'mode' => 'llm',
			),
			self::actor( array( 'manage_options' ), 'fa_IR', 32 ),
			array( 'timeout' => 30.0 )
		);
		$this->requireMethod( $r, 'ai.plan' );
		$data = $this->assertCallFailed( $r, 'OPENAI_UNAVAILABLE', 503 );
		$this->assertPersian( $r->get_error_message() );
		$this->assertGreaterThanOrEqual( 1, $data['retry_after'] );
	}

	public function test_openai_unavailable_without_a_model() {
		$plain = new Arshline_Sidecar_Client( Arshline_Test_Processes::daemon( 'plain' ) );
		$r     = $plain->call(
			'ai.plan',
			array(
				'text' => 'یک فرم بساز',
				'mode' => 'llm',
			),
			self::actor()
		);
		$this->requireMethod( $r, 'ai.plan' );
		$this->assertCallFailed( $r, 'OPENAI_UNAVAILABLE', 503 );
	}

	public function test_hosha2_generate_progress_and_cancel() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'hosha2' ), self::actor() );
		$form_id = $created['form']['id'];
		$start   = $this->client->call(
			'hosha2.generate',
			array(
				'form_id' => $form_id,
				'prompt'  => 'یک فرم ثبت‌نام [slow]',
				'wait'    => false,
			),
			self::actor()
		);
		$this->requireMethod( $start, 'hosha2.generate' );
		$this->assertIsArray( $start, $start instanceof WP_Error ? $start->get_error_message() : '' );
		$req_id = $start['request_id'];
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{6,32}$/', $req_id );

		$cancel = $this->client->call( 'hosha2.cancel', array( 'req_id' => $req_id ), self::actor() );
		$this->assertIsArray( $cancel, $cancel instanceof WP_Error ? $cancel->get_error_message() : '' );
		$this->assertTrue( $cancel['cancelled'] );

		$deadline = microtime( true ) + 10;
		do {
			$p = $this->client->call( 'hosha2.progress', array( 'req_id' => $req_id ), self::actor() );
			if ( $p instanceof WP_Error ) {
				$this->assertCallFailed( $p, 'CANCELLED', 499 );
				return;
			}
			usleep( 100000 );
		} while ( ! in_array( $p['status'], array( 'cancelled', 'canceled', 'failed', 'done' ), true ) && microtime( true ) < $deadline );
		$this->assertContains( $p['status'], array( 'cancelled', 'canceled' ) );
	}

	public function test_hosha2_waiting_generate_returns_the_success_body() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'hosha2 wait' ), self::actor() );
		$form_id = $created['form']['id'];
		$r       = $this->client->call(
			'hosha2.generate',
			array(
				'form_id' => $form_id,
				'prompt'  => 'فرم نظرسنجی مشتریان',
				'wait'    => true,
			),
			self::actor(),
			array( 'timeout' => 60.0 )
		);
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertIsArray( $r, $r instanceof WP_Error ? $r->get_error_message() : '' );
		$this->assertGreaterThan( 0, $r['version_id'] );
		$this->assertSame( 'arshline_form@v1', $r['data']['final_form']['version'] );
		$this->assertNotEmpty( $r['data']['final_form']['fields'] );
		$this->assertEqualsWithDelta( 1.0, $r['data']['progress_percent'], 0.0001 );
	}

	/**
	 * Runs a waiting Hosha2 generation on a new form and returns the result.
	 *
	 * @param string $prompt Prompt (markers steer the fake model).
	 * @param array  $extra  More params.
	 * @return mixed
	 */
	private function generateAndWait( $prompt, array $extra = array() ) {
		$created = $this->client->call( 'forms.create', array( 'title' => 'hosha2 errors' ), self::actor() );
		return $this->client->call(
			'hosha2.generate',
			array(
				'form_id' => $created['form']['id'],
				'prompt'  => $prompt,
				'wait'    => true,
			) + $extra,
			self::actor( array( 'manage_options' ), 'fa_IR', 500 + random_int( 1, 100000 ) ),
			array( 'timeout' => 60.0 )
		);
	}

	public function test_unsafe_model_output_is_a_500() {
		$r = $this->generateAndWait( 'فرم تماس [unsafe]' );
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertCallFailed( $r, 'UNSAFE_OUTPUT', 500 );
	}

	public function test_a_broken_envelope_is_schema_invalid() {
		$r = $this->generateAndWait( 'فرم تماس [broken]' );
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertCallFailed( $r, 'SCHEMA_INVALID', 500 );
	}

	public function test_a_rejecting_secondary_validation_is_schema_invalid() {
		$r = $this->generateAndWait( 'فرم تماس [invalid]', array( 'options' => array( 'secondary_validation' => true ) ) );
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertCallFailed( $r, 'SCHEMA_INVALID', 500 );
	}

	public function test_an_overlong_prompt_is_model_limit() {
		$r = $this->generateAndWait( str_repeat( 'فرم ', 2500 ) );
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertCallFailed( $r, 'MODEL_LIMIT', 500 );
	}

	public function test_hosha2_validation_reasons() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'reasons' ), self::actor() );
		$bad     = $this->client->call(
			'hosha2.generate',
			array(
				'form_id' => $created['form']['id'],
				'prompt'  => 'x',
				'options' => array( 1, 2 ),
			),
			self::actor()
		);
		$this->requireMethod( $bad, 'hosha2.generate' );
		$this->assertCallFailed( $bad, 'INVALID_PARAMS', 400 );
		$this->assertCallFailed( $this->client->call( 'hosha2.generate', array( 'form_id' => 0, 'prompt' => 'x' ), self::actor() ), 'INVALID_PARAMS', 400 );
		$this->assertCallFailed( $this->client->call( 'hosha2.generate', array( 'form_id' => 987654, 'prompt' => 'x' ), self::actor() ), 'NOT_FOUND', 404 );
	}

	public function test_a_cancelled_waiting_generation_is_a_499() {
		$socket = Arshline_Test_Processes::daemon( 'llm' );
		$req_id = bin2hex( random_bytes( 6 ) );
		$helper = proc_open(
			array( PHP_BINARY, __DIR__ . '/fixtures/cancel-later.php', $socket, $req_id, '0.5' ),
			array(
				1 => array( 'pipe', 'w' ),
				2 => array( 'pipe', 'w' ),
			),
			$pipes
		);
		$t0 = microtime( true );
		$r  = $this->generateAndWait( 'فرم کارگاه [slow]', array( 'req_id' => $req_id ) );
		$secs = microtime( true ) - $t0;
		$out  = stream_get_contents( $pipes[1] ) . stream_get_contents( $pipes[2] );
		proc_close( $helper );
		$this->requireMethod( $r, 'hosha2.generate' );
		$this->assertSame( "cancelled\n", $out );
		$this->assertCallFailed( $r, 'CANCELLED', 499 );
		$this->assertLessThan( 3.5, $secs, 'the in-flight model call was not abandoned' );
	}

	public function test_a_patch_that_does_not_apply_is_diff_apply_fail() {
		$created = $this->client->call( 'forms.create', array( 'title' => 'diff' ), self::actor() );
		$r       = $this->client->call(
			'versions.apply_diff',
			array(
				'form_id'    => $created['form']['id'],
				'version_id' => $created['version']['id'],
				'diff'       => array(
					array(
						'op'   => 'remove',
						'path' => '/fields/7',
					),
				),
			),
			self::actor()
		);
		$this->assertCallFailed( $r, 'DIFF_APPLY_FAIL', 500 );
	}

	/**
	 * Calls system.health until the daemon has a free connection slot (it
	 * releases a closed connection's slot asynchronously).
	 *
	 * @param Arshline_Sidecar_Client $client Client.
	 * @return mixed The first answer that is not UNAVAILABLE, or the last error.
	 */
	private static function healthOnceServed( $client ) {
		for ( $i = 0; $i < 40; $i++ ) {
			$r = $client->call( 'system.health' );
			if ( ! ( $r instanceof WP_Error ) || 'UNAVAILABLE' !== $r->get_error_data()['error'] ) {
				return $r;
			}
			usleep( 50000 );
		}
		return $r;
	}

	public function test_a_full_daemon_answers_unavailable() {
		$socket = Arshline_Test_Processes::daemon( 'busy', array( '--max-conns', '1' ) );
		$first  = new Arshline_Sidecar_Client( $socket );
		$this->assertIsArray( self::healthOnceServed( $first ), 'the only connection slot never became free' );
		$second = new Arshline_Sidecar_Client( $socket );
		$this->assertCallFailed( $second->call( 'system.health' ), 'UNAVAILABLE', 503 );
		$first->close();
		$this->assertIsArray( self::healthOnceServed( $second ), 'the freed connection slot was never reused' );
	}

	public function test_unknown_method_is_reported_as_such() {
		$r    = $this->client->call( 'no.such_method', array(), self::actor() );
		$data = $this->assertCallFailed( $r, 'METHOD_NOT_FOUND', 500 );
		$this->assertSame( -32601, $data['rpc_code'] );
	}

	public function test_oversized_request_is_refused_by_the_daemon() {
		$r = $this->client->call( 'forms.create', array( 'title' => str_repeat( 'ب', 700000 ) ), self::actor() );
		$this->assertInstanceOf( WP_Error::class, $r );
		$this->assertSame( 400, $r->get_error_data()['status'], $r->get_error_message() );
		// The daemon closes such a connection; the next call opens a new one.
		$this->assertIsArray( $this->client->call( 'system.health' ) );
	}

	public function test_the_client_reconnects_after_a_daemon_restart() {
		$socket = Arshline_Test_Processes::daemon( 'restart' );
		$client = new Arshline_Sidecar_Client( $socket, array( 'timeout' => 5.0 ) );
		$this->assertIsArray( $client->call( 'system.health' ) );
		Arshline_Test_Processes::stop( 'daemon-restart' );
		$down = $client->call( 'system.health' );
		$this->assertCallFailed( $down, 'DAEMON_UNAVAILABLE', 503 );
		Arshline_Test_Processes::daemon( 'restart' );
		$this->assertIsArray( $client->call( 'system.health' ) );
	}
}
