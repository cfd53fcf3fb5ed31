<?php
/**
 * The form builder's routes against a real arshlined, dispatched by
 * WordPress's own REST server: the document schema, a save that writes one
 * version and keeps the document's objects, a save over a form someone
 * else changed (CONFLICT), and a document the daemon refuses with the
 * violations the builder shows next to each field.
 *
 * Runs on the real WordPress, each test in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * GET /arshline/v1/forms/schema and POST /arshline/v1/forms/{id}/document.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class BuilderRestTest extends Arshline_WP_Test_Case {

	/**
	 * Points the plugin at a real daemon and logs in a forms manager by
	 * cookie.
	 */
	private function boot() {
		self::use_daemon( Arshline_Test_Processes::daemon( 'llm' ) );
		self::login_with_caps( array( 'read', 'manage_arshline_forms' ) );
	}

	/**
	 * Sends a request to a route with rest_do_request() as the admin's page
	 * sends it (with its nonce), and returns [status, decoded JSON body,
	 * raw JSON].
	 *
	 * @param string     $method  HTTP method.
	 * @param string     $pattern The route as registered.
	 * @param array      $url     URL parameters.
	 * @param array|null $body    JSON body.
	 * @return array
	 */
	private function send( $method, $pattern, array $url = array(), $body = null ) {
		$this->assertArrayHasKey( $pattern, rest_get_server()->get_routes() );
		$route   = preg_replace_callback(
			'/\(\?P<(\w+)>[^)]*\)/',
			function ( $m ) use ( $url ) {
				return (string) $url[ $m[1] ];
			},
			$pattern
		);
		$request = new WP_REST_Request( $method, $route );
		$request->set_header( 'x_wp_nonce', wp_create_nonce( 'wp_rest' ) );
		if ( null !== $body ) {
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body( wp_json_encode( $body ) );
		}
		$response = rest_do_request( $request );
		$raw      = (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		return array( $response->get_status(), json_decode( $raw, true ), $raw );
	}

	/**
	 * A new form and the id of its head version.
	 *
	 * @return int[]
	 */
	private function new_form() {
		list( $status, $made ) = $this->send( 'POST', '/arshline/v1/forms', array(), array( 'title' => 'سازنده' ) );
		$this->assertSame( 201, $status );
		return array( $made['form']['id'], $made['form']['head_version_id'] );
	}

	public function test_the_title_reaches_the_daemon_as_typed() {
		$this->boot();
		// Markup-like text and runs of spaces: sanitize_text_field() would
		// have stripped and collapsed them; the daemon judges titles.
		$title = '<b>فرم</b> a  <  b';
		list( $status, $made ) = $this->send( 'POST', '/arshline/v1/forms', array(), array( 'title' => $title ) );
		$this->assertSame( 201, $status, (string) json_encode( $made ) );
		$this->assertSame( $title, $made['form']['title'] );
		list( $status, $saved ) = $this->send( 'POST', '/arshline/v1/forms/(?P<id>\\d+)/document', array( 'id' => $made['form']['id'] ), array( 'title' => $title . ' 2' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( $title . ' 2', $saved['form']['title'] );
		// A tab is not quietly dropped on the way: the daemon sees it and says why it refuses.
		list( $status, $refused ) = $this->send( 'POST', '/arshline/v1/forms', array(), array( 'title' => "a\tb" ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'arshline_invalid_params', $refused['code'] );
		$this->assertSame( 'title contains control characters', $refused['data']['message_en'] );
		// A title that is not text is refused by WordPress from the schema.
		list( $status, $refused ) = $this->send( 'POST', '/arshline/v1/forms', array(), array( 'title' => array( 'x' ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $refused['code'] );
	}

	public function test_the_schema_route_serves_the_document_schema() {
		$this->boot();
		list( $status, $schema ) = $this->send( 'GET', '/arshline/v1/forms/schema' );
		$this->assertSame( 200, $status );
		$this->assertSame( 'arshline_form@v1', $schema['title'] );
		$this->assertContains( 'matrix', $schema['$defs']['field']['properties']['type']['enum'] );
		$this->assertContains( 'sheba', $schema['$defs']['field']['properties']['format']['enum'] );
	}

	public function test_a_save_writes_one_version_and_keeps_objects() {
		$this->boot();
		list( $id, $head ) = $this->new_form();
		$document          = array(
			'version'  => 'arshline_form@v1',
			'fields'   => array(
				array(
					'id'       => 'f1',
					'type'     => 'text',
					'label'    => 'موبایل',
					'required' => true,
					'format'   => 'mobile_ir',
				),
				array(
					'id'      => 'f2',
					'type'    => 'radio',
					'label'   => 'بیمه',
					'options' => array(
						array(
							'value' => 'o1',
							'label' => 'دارم',
						),
						array(
							'value' => 'o2',
							'label' => 'ندارم',
						),
					),
				),
				array(
					'id'      => 'f4',
					'type'    => 'textarea',
					'label'   => 'چرا؟',
					'show_if' => array(
						'field' => 'f2',
						'op'    => 'equals',
						'value' => 'o2',
					),
				),
			),
			'layout'   => new stdClass(),
			'meta'     => array( 'field_seq' => 4 ),
			'settings' => array( 'thank_you' => 'ممنون' ),
		);
		list( $status, $saved, $raw ) = $this->send(
			'POST',
			'/arshline/v1/forms/(?P<id>\\d+)/document',
			array( 'id' => $id ),
			array(
				'document'            => $document,
				'expected_version_id' => $head,
			)
		);
		$this->assertSame( 200, $status, $raw );
		$this->assertNotSame( $head, $saved['form']['head_version_id'] );
		$this->assertSame( 2, $saved['form']['version_count'] );
		$this->assertSame( 4, $saved['form']['document']['meta']['field_seq'] );
		$this->assertSame( 'f4', $saved['form']['document']['fields'][2]['id'] );
		$this->assertStringContainsString( '"layout":{}', $raw, 'an empty object stays an object' );

		// A title alone is a save too.
		list( $status, $renamed ) = $this->send( 'POST', '/arshline/v1/forms/(?P<id>\\d+)/document', array( 'id' => $id ), array( 'title' => 'نام تازه' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'نام تازه', $renamed['form']['title'] );
	}

	public function test_answers_info_of_a_form_without_answers() {
		$this->boot();
		list( $id ) = $this->new_form();
		list( $status, $info ) = $this->send( 'GET', '/arshline/v1/forms/(?P<id>\\d+)/answers-info', array( 'id' => $id ) );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'count'          => 0,
				'last_answer_at' => null,
			),
			$info
		);
		list( $status, $error ) = $this->send( 'GET', '/arshline/v1/forms/(?P<id>\\d+)/answers-info', array( 'id' => 999999 ) );
		$this->assertSame( 404, $status );
		$this->assertSame( 'NOT_FOUND', $error['data']['error'] );
	}

	public function test_a_save_over_a_changed_form_is_a_conflict() {
		$this->boot();
		list( $id, $head ) = $this->new_form();
		$doc               = array(
			'version' => 'arshline_form@v1',
			'fields'  => array(
				array(
					'id'    => 'f1',
					'type'  => 'text',
					'label' => 'نام',
				),
			),
			'meta'    => array( 'field_seq' => 1 ),
		);
		list( $status ) = $this->send(
			'POST',
			'/arshline/v1/forms/(?P<id>\\d+)/document',
			array( 'id' => $id ),
			array(
				'document'            => $doc,
				'expected_version_id' => $head,
			)
		);
		$this->assertSame( 200, $status );
		// A second admin who opened the same version saves after the first.
		list( $status, $error ) = $this->send(
			'POST',
			'/arshline/v1/forms/(?P<id>\\d+)/document',
			array( 'id' => $id ),
			array(
				'document'            => $doc,
				'expected_version_id' => $head,
			)
		);
		$this->assertSame( 409, $status );
		$this->assertSame( 'CONFLICT', $error['data']['error'] );
	}

	public function test_a_refused_document_names_each_field_by_path() {
		$this->boot();
		list( $id, $head ) = $this->new_form();
		list( $status, $error ) = $this->send(
			'POST',
			'/arshline/v1/forms/(?P<id>\\d+)/document',
			array( 'id' => $id ),
			array(
				'expected_version_id' => $head,
				'document'            => array(
					'version' => 'arshline_form@v1',
					'fields'  => array(
						array(
							'id'      => 'f1',
							'type'    => 'text',
							'label'   => 'اول',
							'show_if' => array(
								'field' => 'f2',
								'op'    => 'answered',
							),
						),
						array(
							'id'    => 'f2',
							'type'  => 'text',
							'label' => 'دوم',
						),
					),
				),
			)
		);
		$this->assertSame( 'SCHEMA_INVALID', $error['data']['error'], json_encode( $error ) );
		$this->assertGreaterThanOrEqual( 400, $status );
		$paths = array_column( $error['data']['violations'], 'path' );
		$this->assertContains( '/fields/0/show_if', array_map( array( __CLASS__, 'up_to_show_if' ), $paths ) );
		foreach ( $error['data']['violations'] as $v ) {
			$this->assertNotSame( '', $v['message_fa'] );
			$this->assertNotSame( '', $v['message_en'] );
		}

		list( $status, $error ) = $this->send( 'POST', '/arshline/v1/forms/(?P<id>\\d+)/document', array( 'id' => $id ), array( 'document' => array( 1, 2 ) ) );
		$this->assertSame( 400, $status );
		list( $status ) = $this->send( 'POST', '/arshline/v1/forms/(?P<id>\\d+)/document', array( 'id' => $id ), array( 'expected_version_id' => $head ) );
		$this->assertSame( 400, $status );
	}

	/**
	 * A violation's path cut after show_if (/fields/0/show_if/field → /fields/0/show_if).
	 *
	 * @param string $path JSON Pointer.
	 * @return string
	 */
	public static function up_to_show_if( $path ) {
		return preg_replace( '#^(/fields/\d+/show_if).*$#', '$1', (string) $path );
	}
}
