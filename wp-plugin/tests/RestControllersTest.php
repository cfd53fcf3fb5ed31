<?php
/**
 * The REST controllers, registered on WordPress's own REST server class:
 * the same routes, methods and argument checks as the single class they
 * replaced (the admin's text now reaches the daemon as typed), the routes
 * that relay one daemon method each, valid schemas, and permission checks
 * that refuse anyone but an administrator, with the page's nonces when
 * logged in by cookie and without them by application password.
 *
 * Runs on the real WordPress, each test in its own process: the plugin
 * activated there registers its routes on rest_api_init, and users log in
 * by their login cookie or an application password.
 *
 * @package Arshline_Sidecar
 */

/**
 * REST controllers.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class RestControllersTest extends Arshline_WP_Test_Case {

	/**
	 * Arguments the entries and results routes share.
	 */
	const ID_ARG     = array(
		'type'     => 'integer',
		'minimum'  => 1,
		'required' => true,
	);
	const STATUS_ARG = array(
		'type' => 'string',
		'enum' => array( 'new', 'read', 'starred', 'spam' ),
	);
	const DAY_ARG    = array(
		'type'      => 'string',
		'maxLength' => 40,
	);
	const CONTEXT_VIEW = array(
		'type'              => 'string',
		'enum'              => array( 'view' ),
		'default'           => 'view',
		'sanitize_callback' => 'sanitize_key',
		'validate_callback' => 'rest_validate_request_arg',
	);
	const CONTEXT_EDIT = array(
		'type'              => 'string',
		'enum'              => array( 'view', 'edit' ),
		'default'           => 'view',
		'sanitize_callback' => 'sanitize_key',
		'validate_callback' => 'rest_validate_request_arg',
	);
	const IDS_ARG    = array(
		'type'     => 'array',
		'items'    => array(
			'type'    => 'integer',
			'minimum' => 1,
		),
		'minItems' => 1,
		'maxItems' => 500,
		'required' => true,
	);

	/**
	 * The REST routes the plugin registers, route => method => args: the
	 * surface the admin script and other clients call, written down so
	 * that a change to it is a deliberate one. The entries and results
	 * routes (forms/{id}/submissions, …/results, …/export) follow the
	 * others.
	 */
	const ROUTES = array(
		'/arshline/v1/health'                                                => array( 'GET' => array( 'context' => self::CONTEXT_VIEW ) ),
		'/arshline/v1/ai/plan'                                               => array(
			'POST' => array(
				'text' => array(
					'type'              => 'string',
					'required'          => true,
				),
				'mode' => array(
					'type'    => 'string',
					'enum'    => array( 'auto', 'internal', 'llm' ),
					'default' => 'auto',
				),
			),
		),
		'/arshline/v1/ai/execute'                                            => array(
			'POST' => array(
				'plan'    => array(
					'type'     => 'object',
					'required' => true,
				),
				'confirm' => array(
					'type'    => 'boolean',
					'default' => false,
				),
			),
		),
		'/arshline/v1/ai/undo'                                               => array(
			'POST' => array(
				'token'  => array(
					'type'              => 'string',
					'sanitize_callback' => 'sanitize_text_field',
				),
				'tokens' => array(
					'type'  => 'array',
					'items' => array( 'type' => 'string' ),
				),
			),
		),
		'/arshline/v1/ai/audit'                                              => array(
			'GET' => array(
				'form_id'   => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'limit'     => array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => 200,
					'default' => 50,
				),
				'before_id' => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'context'   => self::CONTEXT_VIEW,
			),
		),
		'/arshline/v1/forms'                                                 => array(
			'GET'  => array(
				'status' => array(
					'type' => 'string',
					'enum' => array( 'draft', 'published', 'disabled' ),
				),
				'limit'  => array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => 200,
					'default' => 50,
				),
				'offset'  => array(
					'type'    => 'integer',
					'minimum' => 0,
					'default' => 0,
				),
				'context' => self::CONTEXT_EDIT,
			),
			'POST' => array(
				'title'  => array(
					'type'     => 'string',
					'required' => true,
				),
				'status' => array(
					'type' => 'string',
					'enum' => array( 'draft', 'published', 'disabled' ),
				),
			),
		),
		'/arshline/v1/forms/(?P<id>\d+)'                                     => array(
			'GET' => array(
				'id'      => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'context' => self::CONTEXT_EDIT,
			),
		),
		'/hosha2/v1/forms/(?P<id>-?\d+)/generate'                            => array( 'POST' => array() ),
		'/hosha2/v1/forms/(?P<id>-?\d+)/edit'                                => array( 'POST' => array() ),
		'/hosha2/v1/requests/(?P<req_id>[A-Fa-f0-9]{6,32})/progress'         => array( 'GET' => array() ),
		'/hosha2/v1/requests/(?P<req_id>[A-Fa-f0-9]{6,32})/cancel'           => array( 'POST' => array() ),
		'/hosha2/v1/forms/(?P<id>-?\d+)/versions'                            => array( 'GET' => array() ),
		'/hosha2/v1/forms/(?P<id>-?\d+)/versions/(?P<vid>-?\d+)'             => array( 'GET' => array() ),
		'/hosha2/v1/forms/(?P<id>-?\d+)/versions/(?P<vid>-?\d+)/apply-diff' => array( 'POST' => array() ),
		'/hosha2/v1/forms/(?P<id>-?\d+)/versions/(?P<vid>-?\d+)/rollback'   => array( 'POST' => array() ),
		'/arshline/v1/forms/(?P<id>\\d+)/submissions'                         => array(
			'GET'    => array(
				'id'        => self::ID_ARG,
				'limit'     => array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => 200,
					'default' => 50,
				),
				'before_id' => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'status'    => self::STATUS_ARG,
				'from'      => self::DAY_ARG,
				'to'        => self::DAY_ARG,
				'q'         => array(
					'type'      => 'string',
					'maxLength' => 200,
				),
				'context'   => self::CONTEXT_EDIT,
			),
			'DELETE' => array(
				'id'  => self::ID_ARG,
				'ids' => self::IDS_ARG,
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/submissions/status'                  => array(
			'POST' => array(
				'id'     => self::ID_ARG,
				'ids'    => self::IDS_ARG,
				'status' => self::STATUS_ARG + array( 'required' => true ),
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/submissions/delete'                  => array(
			'POST' => array(
				'id'  => self::ID_ARG,
				'ids' => self::IDS_ARG,
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/submissions/(?P<sid>\\d+)'           => array(
			'GET' => array(
				'id'      => self::ID_ARG,
				'sid'     => self::ID_ARG,
				'context' => self::CONTEXT_EDIT,
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/submissions/(?P<sid>\\d+)/files/(?P<upload_id>[A-Za-z0-9_-]{1,128})' => array(
			'GET' => array(
				'id'        => self::ID_ARG,
				'sid'       => self::ID_ARG,
				'upload_id' => array(
					'type'     => 'string',
					'pattern'  => '^[A-Za-z0-9_-]{1,128}$',
					'required' => true,
				),
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/results'                             => array(
			'GET' => array(
				'id'      => self::ID_ARG,
				'from'    => self::DAY_ARG,
				'to'      => self::DAY_ARG,
				'context' => self::CONTEXT_VIEW,
			),
		),
		'/arshline/v1/forms/(?P<id>\\d+)/export'                              => array(
			'GET' => array(
				'id'     => self::ID_ARG,
				'format' => array(
					'type'    => 'string',
					'enum'    => array( 'csv', 'xlsx' ),
					'default' => 'csv',
				),
				'status' => self::STATUS_ARG,
				'from'   => self::DAY_ARG,
				'to'     => self::DAY_ARG,
			),
		),
		'/arshline/v1/forms/schema'                                          => array( 'GET' => array() ),
		'/arshline/v1/forms/(?P<id>\d+)/document'                            => array(
			'POST' => array(
				'id'                  => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'expected_version_id' => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'title'               => array( 'type' => 'string' ),
				'document'            => array( 'type' => 'object' ),
			),
		),
		'/arshline/v1/forms/(?P<id>\d+)/preview'                             => array(
			'POST' => array(
				'id'       => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'title'    => array( 'type' => 'string' ),
				'document' => array(
					'type'     => 'object',
					'required' => true,
				),
			),
		),
		'/arshline/v1/forms/(?P<id>\d+)/answers-info'                        => array(
			'GET' => array(
				'id' => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
			),
		),
		'/arshline/v1/webhooks/secret'                                       => array( 'GET' => array() ),
		'/arshline/v1/webhooks/secret/rotate'                                => array( 'POST' => array() ),
		'/arshline/v1/forms/(?P<id>\d+)/webhooks/test'                      => array(
			'POST' => array(
				'id' => array(
					'type'     => 'integer',
					'minimum'  => 1,
					'required' => true,
				),
			),
		),
		'/arshline/v1/sms/settings'                                          => array(
			'GET'  => array( 'balance' => array( 'type' => 'boolean' ) ),
			'POST' => array(
				'provider' => array(
					'type'     => 'string',
					'enum'     => array( 'kavenegar', 'melipayamak', 'ippanel', 'ghasedak' ),
					'required' => true,
				),
				'api_key'  => array(
					'type'      => 'string',
					'maxLength' => 500,
				),
				'sender'   => array(
					'type'      => 'string',
					'maxLength' => 40,
				),
				'base_url' => array(
					'type'      => 'string',
					'maxLength' => 2000,
				),
			),
		),
		'/arshline/v1/sms/test'                                              => array(
			'POST' => array(
				'to' => array(
					'type'      => 'string',
					'minLength' => 1,
					'maxLength' => 40,
					'required'  => true,
				),
			),
		),
		'/arshline/v1/sms/credit'                                            => array(
			'GET' => array(),
		),
		'/arshline/v1/forms/(?P<id>\d+)/notifications/(?P<index>\d+)/test' => array(
			'POST' => array(
				'id'    => self::ID_ARG,
				'index' => array(
					'type'     => 'integer',
					'minimum'  => 0,
					'maximum'  => 9,
					'required' => true,
				),
				'to'    => array(
					'type'      => 'string',
					'maxLength' => 254,
				),
			),
		),
		'/arshline/v1/submissions/deliveries/(?P<delivery_id>\d+)/retry'   => array(
			'POST' => array(
				'delivery_id' => self::ID_ARG,
			),
		),
		'/arshline/v1/notifications/pull'                                    => array(
			'POST' => array(),
		),
		// The visitor's routes, open to anyone; WordPress checks their bodies' types.
		'/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})'             => array(
			'GET' => array(
				'token' => array(
					'type'    => 'string',
					'pattern' => '^[A-Za-z0-9_-]{1,128}$',
				),
			),
		),
		'/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})/submissions' => array(
			'POST' => array(
				'token' => array(
					'type'    => 'string',
					'pattern' => '^[A-Za-z0-9_-]{1,128}$',
				),
				'answers'         => array( 'type' => 'object' ),
				'form_token'      => array( 'type' => 'string' ),
				'idempotency_key' => array( 'type' => 'string' ),
				'honeypot'        => array( 'type' => 'string' ),
				'otp'             => array( 'type' => 'object' ),
			),
		),
		'/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})/otp'         => array(
			'POST' => array(
				'token' => array(
					'type'    => 'string',
					'pattern' => '^[A-Za-z0-9_-]{1,128}$',
				),
				'form_token' => array( 'type' => 'string' ),
				'field'      => array( 'type' => 'string' ),
				'mobile'     => array( 'type' => 'string' ),
			),
		),
		'/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})/uploads'     => array(
			'POST' => array(
				'token' => array(
					'type'    => 'string',
					'pattern' => '^[A-Za-z0-9_-]{1,128}$',
				),
				'form_token' => array( 'type' => 'string' ),
				'field'      => array( 'type' => 'string' ),
				'name'       => array( 'type' => 'string' ),
				'size'       => array( 'type' => 'integer' ),
				'upload_id'  => array( 'type' => 'string' ),
				'offset'     => array( 'type' => 'integer' ),
				'data'       => array( 'type' => 'string' ),
				'final'      => array( 'type' => 'boolean' ),
			),
		),
	);

	/**
	 * The routes of both namespaces, registered on rest_api_init as
	 * WordPress does.
	 *
	 * @return array
	 */
	private function routes() {
		$routes = array();
		foreach ( rest_get_server()->get_routes() as $route => $handlers ) {
			if ( 0 === strpos( $route, '/arshline/v1/' ) || 0 === strpos( $route, '/hosha2/v1/' ) ) {
				$routes[ $route ] = $handlers;
			}
		}
		$this->assertSame( array(), $this->wrong, 'WordPress reported _doing_it_wrong' );
		return $routes;
	}

	/**
	 * A request to a route.
	 *
	 * @param string $method  HTTP method.
	 * @param array  $headers Headers.
	 * @return WP_REST_Request
	 */
	private static function request( $method, array $headers = array() ) {
		$request = new WP_REST_Request( $method, '/arshline/v1/health' );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		return $request;
	}

	public function test_the_routes_and_methods_are_the_written_ones() {
		$routes = $this->routes();
		$this->assertSame( array_keys( self::ROUTES ), array_keys( $routes ), 'the route list or its order changed' );
		foreach ( self::ROUTES as $route => $methods ) {
			$seen = array();
			foreach ( $routes[ $route ] as $handler ) {
				$seen[] = implode( ',', array_keys( $handler['methods'] ) );
				$this->assertIsCallable( $handler['callback'], $route );
				$this->assertIsCallable( $handler['permission_callback'], $route );
			}
			$this->assertSame( array_keys( $methods ), $seen, $route );
		}
	}

	public function test_each_argument_is_checked_as_written() {
		$routes = $this->routes();
		foreach ( self::ROUTES as $route => $methods ) {
			$hosha2 = 0 === strpos( $route, '/hosha2/' );
			foreach ( $routes[ $route ] as $handler ) {
				$method = implode( ',', array_keys( $handler['methods'] ) );
				$want   = $methods[ $method ];
				$where  = "$method $route";
				if ( $hosha2 ) {
					// Hosha2 bodies are checked by the callbacks: any argument only describes.
					foreach ( $handler['args'] as $name => $arg ) {
						$this->assertEmpty( $arg['validate_callback'] ?? null, "$where: $name is validated by WordPress" );
						$this->assertArrayHasKey( 'sanitize_callback', $arg, "$where: $name would be parsed by WordPress" );
						$this->assertEmpty( $arg['sanitize_callback'], "$where: $name is sanitized by WordPress" );
						$this->assertArrayNotHasKey( 'required', $arg, "$where: $name" );
						$this->assertArrayNotHasKey( 'default', $arg, "$where: $name" );
					}
					continue;
				}
				$this->assertSame( array_keys( $want ), array_keys( $handler['args'] ), "$where: argument names" );
				foreach ( $want as $name => $written ) {
					$arg = $handler['args'][ $name ];
					foreach ( $written as $key => $value ) {
						$this->assertSame( $value, $arg[ $key ] ?? null, "$where: $name.$key" );
					}
					foreach ( array( 'required', 'default', 'enum', 'minimum', 'maximum', 'items' ) as $key ) {
						$this->assertSame( array_key_exists( $key, $written ), array_key_exists( $key, $arg ), "$where: $name.$key is there or not as written" );
					}
					if ( isset( $written['validate_callback'] ) ) {
						// WordPress's context argument (get_context_param()): checked as written.
						continue;
					} elseif ( isset( $written['sanitize_callback'] ) ) {
						// A custom sanitizer, and no type check.
						$this->assertEmpty( $arg['validate_callback'] ?? null, "$where: $name is validated by type" );
					} else {
						// WordPress parses it by its type: validate and sanitize, or rest_parse_request_arg.
						// A null sanitize_callback would switch WordPress's parsing off.
						$this->assertContains( array_key_exists( 'sanitize_callback', $arg ) ? $arg['sanitize_callback'] : 'rest_parse_request_arg', array( 'rest_parse_request_arg', 'rest_sanitize_request_arg' ), "$where: $name" );
					}
				}
			}
		}
	}

	public function test_every_schema_is_a_json_schema_object() {
		$types = array( 'object', 'array', 'string', 'integer', 'number', 'boolean', 'null' );
		foreach ( Arshline_Sidecar_Rest::controllers() as $controller ) {
			$name   = get_class( $controller );
			$schema = $controller->get_item_schema();
			$this->assertSame( 'http://json-schema.org/draft-04/schema#', $schema['$schema'], $name );
			$this->assertMatchesRegularExpression( '/^(arshline|hosha2)-[a-z-]+$/', $schema['title'], $name );
			$this->assertSame( 'object', $schema['type'], $name );
			$this->assertNotEmpty( $schema['properties'], $name );
			$this->assertSame( $schema, $controller->get_item_schema(), "$name: the schema is built once" );
			foreach ( $schema['properties'] as $prop => $def ) {
				foreach ( (array) $def['type'] as $type ) {
					$this->assertContains( $type, $types, "$name.$prop" );
				}
				$this->assertTrue( ! empty( $def['readonly'] ) || isset( $def['description'] ), "$name.$prop: a parameter needs a description" );
				$this->assertIsArray( $def['context'], "$name.$prop" );
			}
			$this->assertStringNotContainsString( 'arg_options', (string) json_encode( $controller->get_public_item_schema() ), $name );
			$this->assertNotFalse( json_encode( $controller->get_public_item_schema() ), $name );
		}
	}

	public function test_the_permission_checks_refuse_a_user_without_the_capability() {
		$routes = $this->routes();
		// Each capability alone, held by a user without a role.
		$forms_only = arshline_test_user_with_caps( array( 'read', Arshline_Sidecar_Plugin::CAP ) );
		$owner_only = arshline_test_user_with_caps( array( 'read', 'manage_options' ) );
		$passwords  = array();
		foreach ( array( $forms_only, $owner_only ) as $user ) {
			$passwords[ $user->ID ] = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'routes' ) )[0];
		}
		$hosha2_actions = array(
			'generate' => 'hosha2_generate_nonce',
			'edit'     => 'hosha2_edit_nonce',
			'cancel'   => 'hosha2_cancel_nonce',
		);
		// Every nonce the current user's page could hold: the REST one and Hosha2's.
		$nonces = function () use ( $hosha2_actions ) {
			$all = array( 'rest' => wp_create_nonce( 'wp_rest' ) );
			foreach ( $hosha2_actions as $name => $action ) {
				$all[ $name ] = wp_create_nonce( $action );
			}
			return $all;
		};
		foreach ( $routes as $route => $handlers ) {
			foreach ( $handlers as $handler ) {
				$method = implode( ',', array_keys( $handler['methods'] ) );
				$check  = $handler['permission_callback'];
				if ( '__return_true' === $check ) {
					// Only the visitor's own routes are open to anyone.
					$this->assertStringStartsWith( '/arshline/v1/public/forms/', $route, "$method $route is open to anyone" );
					continue;
				}
				$action = preg_match( '#/(generate|edit|cancel)$#', $route, $m ) ? $m[1] : null;
				$all    = function () use ( $nonces, $action ) {
					$n = $nonces();
					return array(
						'x_wp_nonce'     => $n['rest'],
						'x_hosha2_nonce' => null === $action ? '' : $n[ $action ],
					);
				};

				// Logged out, then logged in without the capability (an editor): refused, 401 then 403.
				arshline_test_login( 0 );
				$this->assertRefused( $check( self::request( $method, $all() ) ), 'rest_forbidden', 401, "$method $route" );
				arshline_test_login( 'editor' );
				$this->assertRefused( $check( self::request( $method, $all() ) ), 'rest_forbidden', 403, "$method $route" );
				arshline_test_login( 'subscriber' );
				$this->assertRefused( $check( self::request( $method, $all() ) ), 'rest_forbidden', 403, "$method $route" );

				// The audit log is the site owner's (manage_options); every other
				// route is managing forms (manage_arshline_forms). Each
				// capability alone opens only its own routes.
				$audit  = false !== strpos( $route, '/ai/audit' ) || false !== strpos( $route, '/webhooks/secret' ) || false !== strpos( $route, '/sms/' );
				$needs  = $audit ? 'manage_options' : Arshline_Sidecar_Plugin::CAP;
				$holder = $audit ? $owner_only : $forms_only;
				arshline_test_login( $audit ? $forms_only : $owner_only );
				$this->assertRefused( $check( self::request( $method, $all() ) ), 'rest_forbidden', 403, "$method $route without $needs" );

				// A user with it, authenticated by an application password (no
				// cookie): no nonce is asked for.
				$this->assertSame( $holder->ID, arshline_test_login_basic( $holder->user_login, $passwords[ $holder->ID ] )->ID );
				$this->assertTrue( $check( self::request( $method ) ), "$method $route by application password" );

				// A user with it, logged in by cookie: the wp_rest nonce is needed (header or _wpnonce).
				arshline_test_login( $holder );
				$n = $nonces();
				$this->assertRefused( $check( self::request( $method ) ), 'rest_cookie_invalid_nonce', 403, "$method $route" );
				$this->assertRefused( $check( self::request( $method, array( 'x_wp_nonce' => $n['generate'] ) ) ), 'rest_cookie_invalid_nonce', 403, "$method $route" );
				if ( null === $action ) {
					$this->assertTrue( $check( self::request( $method, array( 'x_wp_nonce' => $n['rest'] ) ) ), "$method $route" );
					$query = self::request( $method );
					$query->set_query_params( array( '_wpnonce' => $n['rest'] ) );
					$this->assertTrue( $check( $query ), "$method $route with _wpnonce" );
					continue;
				}
				// Hosha2 generate, edit and cancel: and their own action nonce, no other.
				$this->assertRefused( $check( self::request( $method, array( 'x_wp_nonce' => $n['rest'] ) ) ), 'hosha2_invalid_nonce', 403, "$method $route" );
				foreach ( array( 'generate', 'edit', 'cancel', 'rest' ) as $other ) {
					$result = $check( self::request( $method, array( 'x_wp_nonce' => $n['rest'], 'x_hosha2_nonce' => $n[ $other ] ) ) );
					if ( $other === $action ) {
						$this->assertTrue( $result, "$method $route" );
					} else {
						$this->assertRefused( $result, 'hosha2_invalid_nonce', 403, "$method $route with $other" );
					}
				}
			}
		}
	}

	/**
	 * Asserts a refusal.
	 *
	 * @param mixed  $result A permission check's result.
	 * @param string $code   Expected error code.
	 * @param int    $status Expected status.
	 * @param string $where  The route.
	 */
	private function assertRefused( $result, $code, $status, $where ) {
		$this->assertInstanceOf( WP_Error::class, $result, $where );
		$this->assertSame( $code, $result->get_error_code(), $where );
		$this->assertSame( $status, $result->get_error_data()['status'], $where );
	}
}

