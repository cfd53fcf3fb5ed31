<?php
/**
 * The entries routes through WordPress's REST server to a real arshlined:
 * a form is published and answered through the daemon as a respondent
 * would, then an administrator lists, reads, marks, downloads the file of
 * and erases the submissions through arshline/v1.
 *
 * Runs on the real WordPress, each test in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * Entries over REST.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class EntriesRestTest extends Arshline_Answered_Form_Test_Case {

	const DAEMON = 'entries';

	public function test_list_pages_newest_first_and_filters() {
		list( $form_id, $ids ) = $this->answered_form( 5 );
		$page = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array( 'limit' => 2 ) );
		$this->assertSame( 200, $page->get_status(), wp_json_encode( $page->get_data() ) );
		$data = $page->get_data();
		$this->assertSame( array( $ids[4], $ids[3] ), array_column( arshline_test_arrays( $data->items ), 'id' ) );
		$this->assertSame( $ids[3], $data->next_before_id );

		$next = arshline_test_rest(
			'GET',
			"/arshline/v1/forms/$form_id/submissions",
			array(
				'limit'     => 2,
				'before_id' => $data->next_before_id,
			)
		)->get_data();
		$this->assertSame( array( $ids[2], $ids[1] ), array_column( arshline_test_arrays( $next->items ), 'id' ) );

		// A word (tracking codes are digits, so none matches one by chance), written with the Arabic kaf.
		$found = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array( 'q' => 'كتاب' ) )->get_data();
		$this->assertSame( array( $ids[3] ), array_column( arshline_test_arrays( $found->items ), 'id' ) );

		// Today, as a Jalali date in Persian digits, and as a Gregorian one.
		$today = arshline_test_rest(
			'GET',
			"/arshline/v1/forms/$form_id/submissions",
			array(
				'from' => gmdate( 'Y-m-d', time() - 86400 ),
				'to'   => gmdate( 'Y-m-d', time() + 86400 ),
			)
		)->get_data();
		$this->assertCount( 5, $today->items );
		$old = arshline_test_rest(
			'GET',
			"/arshline/v1/forms/$form_id/submissions",
			array(
				'from' => '۱۳۹۰/۰۱/۰۱',
				'to'   => '۱۳۹۰/۱۲/۲۹',
			)
		)->get_data();
		$this->assertCount( 0, $old->items );

		$bad = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array( 'status' => 'deleted' ) );
		$this->assertSame( 400, $bad->get_status() );
		$this->assertSame( 'rest_invalid_param', $bad->get_data()['code'] );
		$missing = arshline_test_rest( 'GET', '/arshline/v1/forms/999999/submissions' );
		$this->assertSame( 404, $missing->get_status() );
	}

	public function test_the_relay_routes_hand_checked_arguments_to_the_daemon() {
		$this->answered_form( 1 );
		self::login_with_caps( array( 'read', 'manage_arshline_forms', 'manage_options' ) );
		$set = arshline_test_rest(
			'POST',
			'/arshline/v1/sms/settings',
			array(
				'provider' => 'kavenegar',
				'api_key'  => 'relay-test-key',
				'sender'   => '10004346',
				'base_url' => 'http://127.0.0.1:9',
			)
		);
		$this->assertSame( 200, $set->get_status(), wp_json_encode( $set->get_data() ) );
		$this->assertTrue( $set->get_data()->configured );
		$this->assertTrue( $set->get_data()->key_set );
		$this->assertStringNotContainsString( 'relay-test-key', wp_json_encode( $set->get_data() ), 'the key came back' );
		$got = arshline_test_rest( 'GET', '/arshline/v1/sms/settings' );
		$this->assertSame( 'kavenegar', $got->get_data()->provider );
		// WordPress refuses from the schema before the daemon is asked.
		$bad = arshline_test_rest( 'POST', '/arshline/v1/sms/settings', array( 'provider' => 'nope' ) );
		$this->assertSame( 400, $bad->get_status() );
		$this->assertSame( 'rest_invalid_param', $bad->get_data()['code'] );
		$this->assertSame( 400, arshline_test_rest( 'POST', '/arshline/v1/sms/test', array() )->get_status(), 'to is required' );
		// The daemon judges the number: a landline is its INVALID_PARAMS, and nothing is sent.
		$landline = arshline_test_rest( 'POST', '/arshline/v1/sms/test', array( 'to' => '02112345678' ) );
		$this->assertSame( 400, $landline->get_status() );
		$this->assertSame( 'arshline_invalid_params', $landline->get_data()['code'] );

		$secret = arshline_test_rest( 'GET', '/arshline/v1/webhooks/secret' )->get_data()->secret;
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $secret );
		$rotated = arshline_test_rest( 'POST', '/arshline/v1/webhooks/secret/rotate' )->get_data()->secret;
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $rotated );
		$this->assertNotSame( $secret, $rotated );
		$this->assertSame( $rotated, arshline_test_rest( 'GET', '/arshline/v1/webhooks/secret' )->get_data()->secret );

		// The site owner's routes are refused to a forms manager alone.
		self::login_with_caps( array( 'read', 'manage_arshline_forms' ) );
		$this->assertSame( 403, arshline_test_rest( 'GET', '/arshline/v1/webhooks/secret' )->get_status() );
		$this->assertSame( 403, arshline_test_rest( 'POST', '/arshline/v1/sms/settings', array( 'provider' => 'kavenegar' ) )->get_status() );
	}

	public function test_the_webhook_test_route_queues_a_delivery_per_webhook() {
		list( $form_id ) = $this->answered_form( 0 );
		self::login_with_caps( array( 'read', 'manage_arshline_forms' ) );
		$route                  = "/arshline/v1/forms/$form_id/webhooks/test";

		// A form with no webhook: the daemon's NOT_FOUND, in the admin's language.
		$none = arshline_test_rest( 'POST', $route );
		$this->assertSame( 404, $none->get_status() );
		$this->assertSame( 'arshline_not_found', $none->get_data()['code'] );
		$this->assertStringContainsString( 'وب‌هوکی برای آزمایش ندارد', $none->get_data()['message'] );
		$this->assertSame( 404, arshline_test_rest( 'POST', '/arshline/v1/forms/999999/webhooks/test' )->get_status(), 'an unknown form' );
		$this->assertSame( 400, arshline_test_rest( 'POST', '/arshline/v1/forms/0/webhooks/test' )->get_status(), 'WordPress refuses id 0 from the schema' );

		$hooks = array( 'https://hooks.example.com/one', 'https://hooks.example.com/two?k=v' );
		$saved = $this->daemon->call(
			'forms.get',
			array( 'id' => $form_id ),
			Arshline_Sidecar_Plugin::actor()
		);
		$this->assertIsArray( $saved, $saved instanceof WP_Error ? $saved->get_error_message() : '' );
		$document             = isset( $saved['form'] ) ? $saved['form']['document'] : $saved['document'];
		foreach ( array( 'layout', 'meta' ) as $empty ) {
			// JSON's {} came back as PHP's array(): an object again.
			$document[ $empty ] = empty( $document[ $empty ] ) ? new stdClass() : $document[ $empty ];
		}
		$document['settings'] = array(
			'webhooks' => array(
				array( 'url' => $hooks[0] ),
				array( 'url' => $hooks[1] ),
			),
		);
		$put = arshline_test_rest( 'POST', "/arshline/v1/forms/$form_id/document", array( 'document' => $document ) );
		$this->assertSame( 200, $put->get_status(), wp_json_encode( $put->get_data() ) );
		$sent = arshline_test_rest( 'POST', $route );
		$this->assertSame( 200, $sent->get_status(), wp_json_encode( $sent->get_data() ) );
		$deliveries = json_decode( wp_json_encode( $sent->get_data() ), true )['deliveries'];
		$this->assertCount( 2, $deliveries );
		$this->assertSame( $hooks, array_column( $deliveries, 'url' ) );
		$this->assertGreaterThan( 0, $deliveries[0]['id'] );
		$this->assertNotSame( $deliveries[0]['id'], $deliveries[1]['id'] );

		// Testing a form's webhooks is managing forms: refused without that capability.
		self::login_with_caps( array( 'read', 'manage_options' ) );
		$this->assertSame( 403, arshline_test_rest( 'POST', $route )->get_status() );
	}

	public function test_fields_and_context_shape_the_answer() {
		list( $form_id, $ids ) = $this->answered_form( 1 );
		$request = new WP_REST_Request( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}" );
		$request->set_header( 'x_wp_nonce', wp_create_nonce( 'wp_rest' ) );
		$request->set_query_params( array( '_fields' => 'id,tracking_code' ) );
		// WordPress applies _fields on rest_post_dispatch when it serves the answer.
		$response = arshline_test_send( $request );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'id', 'tracking_code' ), array_keys( get_object_vars( $response->get_data() ) ) );
		$this->assertSame( $ids[0], $response->get_data()->id );
		// The list too: its top level is what _fields picks from.
		$request = new WP_REST_Request( 'GET', "/arshline/v1/forms/$form_id/submissions" );
		$request->set_header( 'x_wp_nonce', wp_create_nonce( 'wp_rest' ) );
		$request->set_query_params( array( '_fields' => 'next_before_id' ) );
		$response = arshline_test_send( $request );
		$this->assertSame( array( 'next_before_id' ), array_keys( get_object_vars( $response->get_data() ) ) );
		// context=edit keeps what the schema gives the edit context (status) and drops what is view only.
		$request = new WP_REST_Request( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}" );
		$request->set_header( 'x_wp_nonce', wp_create_nonce( 'wp_rest' ) );
		$request->set_query_params( array( 'context' => 'edit' ) );
		$data = get_object_vars( arshline_test_send( $request )->get_data() );
		$this->assertArrayHasKey( 'status', $data );
		$this->assertArrayNotHasKey( 'tracking_code', $data );
		// A context the answer's schema does not know is WordPress's own
		// refusal, not an answer with every field filtered out.
		$request->set_query_params( array( 'context' => 'embed-everything' ) );
		$bad = arshline_test_send( $request );
		$this->assertSame( 400, $bad->get_status(), wp_json_encode( $bad->get_data() ) );
		$this->assertSame( 'rest_invalid_param', $bad->get_data()['code'] );
		$this->assertArrayHasKey( 'context', $bad->get_data()['data']['params'] );
	}

	public function test_get_returns_answers_and_the_version_answered() {
		list( $form_id, $ids ) = $this->answered_form( 1 );
		$one = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}" );
		$this->assertSame( 200, $one->get_status(), wp_json_encode( $one->get_data() ) );
		$entry = $one->get_data();
		$this->assertSame( $ids[0], $entry->id );
		$this->assertMatchesRegularExpression( '/^\d{10}$/', $entry->tracking_code );
		$this->assertSame( 'new', $entry->status );
		$this->assertSame( 'f1', $entry->answers[0]->field );
		$this->assertSame( '=HYPERLINK("http://x.example","y")', $entry->answers[0]->value );
		$this->assertSame( 'نام', $entry->version->state->document->fields[0]->label );
	}

	public function test_status_and_delete_in_bulk() {
		list( $form_id, $ids ) = $this->answered_form( 3 );
		$marked = arshline_test_rest(
			'POST',
			"/arshline/v1/forms/$form_id/submissions/status",
			array(
				'ids'    => array( $ids[0], $ids[1] ),
				'status' => 'starred',
			)
		);
		$this->assertSame( 200, $marked->get_status(), wp_json_encode( $marked->get_data() ) );
		$this->assertSame( 2, $marked->get_data()->updated );
		$starred = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array( 'status' => 'starred' ) )->get_data();
		$this->assertSame( array( $ids[1], $ids[0] ), array_column( arshline_test_arrays( $starred->items ), 'id' ) );

		$this->assertSame( 400, arshline_test_rest( 'POST', "/arshline/v1/forms/$form_id/submissions/status", array( 'ids' => array( $ids[0] ) ) )->get_status() );
		$this->assertSame(
			400,
			arshline_test_rest(
				'POST',
				"/arshline/v1/forms/$form_id/submissions/status",
				array(
					'ids'    => array(),
					'status' => 'read',
				)
			)->get_status()
		);

		$deleted = arshline_test_rest( 'DELETE', "/arshline/v1/forms/$form_id/submissions", array( 'ids' => array( $ids[0] ) ) );
		$this->assertSame( 200, $deleted->get_status(), wp_json_encode( $deleted->get_data() ) );
		$this->assertSame( 1, $deleted->get_data()->deleted );
		$posted = arshline_test_rest( 'POST', "/arshline/v1/forms/$form_id/submissions/delete", array( 'ids' => array( $ids[1] ) ) );
		$this->assertSame( 1, $posted->get_data()->deleted );
		$left = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions" )->get_data();
		$this->assertSame( array( $ids[2] ), array_column( arshline_test_arrays( $left->items ), 'id' ) );
		$this->assertSame( 404, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}" )->get_status() );
	}

	public function test_a_file_downloads_as_an_attachment() {
		list( $form_id, $ids ) = $this->answered_form( 1, true );
		$entry     = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}" )->get_data();
		$upload_id = $entry->answers[2]->value[0]->upload_id;
		// The entry says which file was uploaded: its name, type and size.
		$this->assertSame( "گزارش \"نهایی\".txt", $entry->answers[2]->value[0]->name );
		$this->assertSame( 'text/plain', $entry->answers[2]->value[0]->mime );
		$this->assertSame( 11, $entry->answers[2]->value[0]->size );
		$response  = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}/files/$upload_id" );
		$this->assertSame( 200, $response->get_status() );
		$headers = $response->get_headers();
		$this->assertSame( 'text/plain', $headers['Content-Type'] );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] );
		$this->assertSame( '11', $headers['Content-Length'] );
		$this->assertStringStartsWith( 'attachment; filename="', $headers['Content-Disposition'] );
		$this->assertStringNotContainsString( '..', $headers['Content-Disposition'] );
		$this->assertSame( 2, substr_count( $headers['Content-Disposition'], '"' ), 'the name\'s own quotes are gone' );
		// Saved under the upload id and the sniffed type's extension, not
		// the respondent's name.
		$this->assertStringContainsString( 'filename="' . $upload_id . '.txt"', $headers['Content-Disposition'] );
		$this->assertStringNotContainsString( rawurlencode( 'گزارش' ), $headers['Content-Disposition'] );
		$stream = $response->get_data();
		$this->assertInstanceOf( Arshline_Sidecar_REST_Stream::class, $stream );
		$bytes = '';
		$stream->send(
			function ( $piece ) use ( &$bytes ) {
				$bytes .= $piece;
			}
		);
		$this->assertSame( 'hello world', $bytes );

		$this->assertSame( 404, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions/{$ids[0]}/files/nosuchupload" )->get_status() );
	}

	public function test_refused_without_the_capability_or_the_nonce() {
		list( $form_id, $ids ) = $this->answered_form( 1 );
		self::login_with_caps( array( 'read', 'manage_options' ) );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions" )->get_status() );
		$this->assertSame( 403, arshline_test_rest( 'POST', "/arshline/v1/forms/$form_id/submissions/delete", array( 'ids' => $ids ) )->get_status() );
		self::login_with_caps( array( 'read', 'manage_arshline_forms' ) );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array(), false )->get_status() );
		$this->assertSame( 403, arshline_test_rest( 'DELETE', "/arshline/v1/forms/$form_id/submissions", array( 'ids' => $ids ), false )->get_status() );
		$this->assertCount( 1, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions" )->get_data()->items );
		// A program with an application password holds no nonce and needs none.
		arshline_test_login_app_password( wp_get_current_user() );
		$this->assertCount( 1, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/submissions", array(), false )->get_data()->items );
	}

	public function test_download_names_and_types_are_safe() {
		$this->assertSame( 'application/octet-stream', Arshline_Sidecar_REST_Stream::safe_type( 'text/html' ) );
		$this->assertSame( 'application/octet-stream', Arshline_Sidecar_REST_Stream::safe_type( 'image/svg+xml' ) );
		$this->assertSame( 'application/octet-stream', Arshline_Sidecar_REST_Stream::safe_type( "text/plain\r\nX-Evil: 1" ) );
		$this->assertSame( 'image/png', Arshline_Sidecar_REST_Stream::safe_type( 'image/png' ) );
		$this->assertSame( 'application/pdf', Arshline_Sidecar_REST_Stream::safe_type( 'application/pdf' ) );
		$this->assertSame( 'attachment; filename="report.pdf"; filename*=UTF-8\'\'report.pdf', Arshline_Sidecar_REST_Stream::disposition( 'C:\\Users\\a\\report.pdf' ) );
		$this->assertSame( 'attachment; filename="file.pdf"; filename*=UTF-8\'\'' . rawurlencode( 'گزارش.pdf' ), Arshline_Sidecar_REST_Stream::disposition( "گزارش\u{202E}.pdf", 'file' ) );
		$this->assertSame( 'attachment; filename="ab.txt"; filename*=UTF-8\'\'ab.txt', Arshline_Sidecar_REST_Stream::disposition( "a\r\nb.txt" ) );
		$this->assertSame( 'attachment; filename="download"; filename*=UTF-8\'\'download', Arshline_Sidecar_REST_Stream::disposition( "\"\x01" ) );
	}
}
