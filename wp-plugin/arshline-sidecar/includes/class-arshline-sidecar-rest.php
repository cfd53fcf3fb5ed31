<?php
/**
 * REST routes: arshline/v1 (planner, forms, audit) and hosha2/v1 (form
 * generation, progress, cancel, versions). Every route needs
 * manage_options and a valid wp_rest nonce; Hosha2's generate, edit and
 * cancel also need their own action nonce.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The plugin's REST API.
 */
final class Arshline_Sidecar_Rest {

	const NS      = 'arshline/v1';
	const HOSHA2  = 'hosha2/v1';
	const REQ_ID  = '[A-Fa-f0-9]{6,32}';
	const ID      = '-?\d+';
	const NONCE_H = 'x_hosha2_nonce';

	/**
	 * Hosha2 action nonces, by route action.
	 */
	const HOSHA2_NONCES = array(
		'generate' => 'hosha2_generate_nonce',
		'edit'     => 'hosha2_edit_nonce',
		'cancel'   => 'hosha2_cancel_nonce',
	);

	/**
	 * Registers every route.
	 */
	public static function register_routes() {
		$perm = array( __CLASS__, 'permission' );

		register_rest_route(
			self::NS,
			'/health',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'health' ),
				'permission_callback' => $perm,
			)
		);
		register_rest_route(
			self::NS,
			'/ai/plan',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'ai_plan' ),
				'permission_callback' => $perm,
				'args'                => array(
					'text' => array(
						'type'              => 'string',
						'required'          => true,
						'sanitize_callback' => 'sanitize_textarea_field',
					),
					'mode' => array(
						'type'    => 'string',
						'enum'    => array( 'auto', 'internal', 'llm' ),
						'default' => 'auto',
					),
				),
			)
		);
		register_rest_route(
			self::NS,
			'/ai/execute',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'ai_execute' ),
				'permission_callback' => $perm,
				'args'                => array(
					'plan'    => array(
						'type'     => 'object',
						'required' => true,
					),
					'confirm' => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
			)
		);
		register_rest_route(
			self::NS,
			'/ai/undo',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'ai_undo' ),
				'permission_callback' => $perm,
				'args'                => array(
					'token'  => array(
						'type'              => 'string',
						'sanitize_callback' => 'sanitize_text_field',
					),
					'tokens' => array(
						'type'  => 'array',
						'items' => array( 'type' => 'string' ),
					),
				),
			)
		);
		register_rest_route(
			self::NS,
			'/ai/audit',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'ai_audit' ),
				'permission_callback' => $perm,
				'args'                => array(
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
				),
			)
		);
		register_rest_route(
			self::NS,
			'/forms',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( __CLASS__, 'forms_list' ),
					'permission_callback' => $perm,
					'args'                => array(
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
						'offset' => array(
							'type'    => 'integer',
							'minimum' => 0,
							'default' => 0,
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( __CLASS__, 'forms_create' ),
					'permission_callback' => $perm,
					'args'                => array(
						'title'  => array(
							'type'              => 'string',
							'required'          => true,
							'sanitize_callback' => 'sanitize_text_field',
						),
						'status' => array(
							'type' => 'string',
							'enum' => array( 'draft', 'published', 'disabled' ),
						),
					),
				),
			)
		);
		register_rest_route(
			self::NS,
			'/forms/(?P<id>\d+)',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'forms_get' ),
				'permission_callback' => $perm,
				'args'                => array(
					'id' => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				),
			)
		);

		// Hosha2 (seed 001): bodies and error codes as the specification states.
		foreach ( array( 'generate', 'edit' ) as $action ) {
			register_rest_route(
				self::HOSHA2,
				'/forms/(?P<id>' . self::ID . ')/' . $action,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( __CLASS__, 'hosha2_' . $action ),
					'permission_callback' => self::hosha2_permission( $action ),
				)
			);
		}
		register_rest_route(
			self::HOSHA2,
			'/requests/(?P<req_id>' . self::REQ_ID . ')/progress',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'hosha2_progress' ),
				'permission_callback' => $perm,
			)
		);
		register_rest_route(
			self::HOSHA2,
			'/requests/(?P<req_id>' . self::REQ_ID . ')/cancel',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'hosha2_cancel' ),
				'permission_callback' => self::hosha2_permission( 'cancel' ),
			)
		);
		register_rest_route(
			self::HOSHA2,
			'/forms/(?P<id>' . self::ID . ')/versions',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'hosha2_versions' ),
				'permission_callback' => $perm,
			)
		);
		register_rest_route(
			self::HOSHA2,
			'/forms/(?P<id>' . self::ID . ')/versions/(?P<vid>' . self::ID . ')',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'hosha2_version' ),
				'permission_callback' => $perm,
			)
		);
		register_rest_route(
			self::HOSHA2,
			'/forms/(?P<id>' . self::ID . ')/versions/(?P<vid>' . self::ID . ')/apply-diff',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'hosha2_apply_diff' ),
				'permission_callback' => $perm,
			)
		);
		register_rest_route(
			self::HOSHA2,
			'/forms/(?P<id>' . self::ID . ')/versions/(?P<vid>' . self::ID . ')/rollback',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( __CLASS__, 'hosha2_rollback' ),
				'permission_callback' => $perm,
			)
		);
	}

	/**
	 * Every route: an administrator, with the page's wp_rest nonce.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public static function permission( $request ) {
		if ( ! current_user_can( 'manage_options' ) ) {
			return new WP_Error(
				'rest_forbidden',
				__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ),
				array( 'status' => rest_authorization_required_code() )
			);
		}
		$nonce = $request->get_header( 'x_wp_nonce' );
		if ( ! $nonce ) {
			$nonce = $request->get_param( '_wpnonce' );
		}
		if ( ! is_string( $nonce ) || ! wp_verify_nonce( $nonce, 'wp_rest' ) ) {
			return new WP_Error(
				'rest_cookie_invalid_nonce',
				__( 'The security token of this page has expired. Reload the page and try again.', 'arshline-sidecar' ),
				array( 'status' => 403 )
			);
		}
		return true;
	}

	/**
	 * The permission callback of a Hosha2 action with its own nonce.
	 *
	 * @param string $action generate, edit or cancel.
	 * @return callable
	 */
	private static function hosha2_permission( $action ) {
		return static function ( $request ) use ( $action ) {
			$base = self::permission( $request );
			if ( true !== $base ) {
				return $base;
			}
			$nonce = $request->get_header( self::NONCE_H );
			if ( ! is_string( $nonce ) || ! wp_verify_nonce( $nonce, self::HOSHA2_NONCES[ $action ] ) ) {
				return new WP_Error(
					'hosha2_invalid_nonce',
					__( 'The security token of this Hosha2 action has expired. Reload the page and try again.', 'arshline-sidecar' ),
					array( 'status' => 403 )
				);
			}
			return true;
		};
	}

	/**
	 * Sends statuses WordPress has no reason phrase for (499): WordPress's
	 * status_header() silently drops them, which would turn a cancelled
	 * request into a 200.
	 *
	 * @param WP_HTTP_Response $response The response.
	 * @param WP_REST_Server   $server   The server.
	 * @param WP_REST_Request  $request  The request.
	 * @return WP_HTTP_Response
	 */
	public static function send_nonstandard_status( $response, $server, $request ) {
		if ( ! $response instanceof WP_HTTP_Response || 499 !== $response->get_status() ) {
			return $response;
		}
		$route = $request->get_route();
		if ( 0 !== strpos( $route, '/' . self::NS . '/' ) && 0 !== strpos( $route, '/' . self::HOSHA2 . '/' ) ) {
			return $response;
		}
		if ( ! headers_sent() ) {
			header( wp_get_server_protocol() . ' 499 Client Closed Request', true, 499 );
		}
		return $response;
	}

	/* ------------------------------------------------------------------
	 * arshline/v1
	 * ------------------------------------------------------------------ */

	/**
	 * GET /health: the daemon's health.
	 *
	 * @return WP_REST_Response
	 */
	public static function health() {
		return self::respond( Arshline_Sidecar_Plugin::call( 'system.health', array(), 5.0 ) );
	}

	/**
	 * POST /ai/plan {text, mode?}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function ai_plan( $request ) {
		$text = trim( (string) $request['text'] );
		if ( '' === $text ) {
			return self::local_error( 'arshline_empty_command', __( 'Type a command first.', 'arshline-sidecar' ), 400 );
		}
		$params = array(
			'text' => $text,
			'mode' => (string) $request['mode'],
			'ui'   => array(
				'tab'   => 'ai',
				'route' => 'arshline-sidecar',
			),
		);
		return self::respond( Arshline_Sidecar_Plugin::call( 'ai.plan', $params, self::timeout( 'ai.plan', 60.0 ) ) );
	}

	/**
	 * POST /ai/execute {plan, confirm}. The plan travels as the JSON the
	 * browser sent (objects stay objects); the daemon validates it again.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function ai_execute( $request ) {
		$body = self::json_object( $request );
		if ( ! isset( $body->plan ) || ! is_object( $body->plan ) ) {
			return self::local_error( 'arshline_invalid_plan', __( 'The plan is missing or is not an object.', 'arshline-sidecar' ), 400 );
		}
		$params = (object) array(
			'plan'    => $body->plan,
			'confirm' => true === $request['confirm'],
		);
		return self::respond( Arshline_Sidecar_Plugin::call( 'ai.execute', $params, self::timeout( 'ai.execute', 30.0 ) ) );
	}

	/**
	 * POST /ai/undo {token} | {tokens}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function ai_undo( $request ) {
		$token    = $request['token'];
		$tokens   = $request['tokens'];
		$has_one  = is_string( $token ) && '' !== $token;
		$has_many = is_array( $tokens ) && array() !== $tokens;
		if ( $has_one === $has_many ) {
			return self::local_error( 'arshline_invalid_undo', __( 'Send either one undo token or a list of tokens.', 'arshline-sidecar' ), 400 );
		}
		$params = $has_one ? array( 'token' => $token ) : array( 'tokens' => array_values( array_map( 'sanitize_text_field', $tokens ) ) );
		return self::respond( Arshline_Sidecar_Plugin::call( 'ai.undo', $params ) );
	}

	/**
	 * GET /ai/audit.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function ai_audit( $request ) {
		$params = array( 'limit' => (int) $request['limit'] );
		if ( null !== $request['form_id'] ) {
			$params['form_id'] = (int) $request['form_id'];
		}
		if ( null !== $request['before_id'] ) {
			$params['before_id'] = (int) $request['before_id'];
		}
		return self::respond( Arshline_Sidecar_Plugin::call( 'audit.list', $params ) );
	}

	/**
	 * GET /forms.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function forms_list( $request ) {
		$params = array(
			'limit'  => (int) $request['limit'],
			'offset' => (int) $request['offset'],
		);
		if ( null !== $request['status'] ) {
			$params['status'] = (string) $request['status'];
		}
		return self::respond( Arshline_Sidecar_Plugin::call( 'forms.list', $params ) );
	}

	/**
	 * POST /forms {title, status?}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function forms_create( $request ) {
		$params = array( 'title' => (string) $request['title'] );
		if ( null !== $request['status'] ) {
			$params['status'] = (string) $request['status'];
		}
		return self::respond( Arshline_Sidecar_Plugin::call( 'forms.create', $params ), 201 );
	}

	/**
	 * GET /forms/{id}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function forms_get( $request ) {
		return self::respond( Arshline_Sidecar_Plugin::call( 'forms.get', array( 'id' => (int) $request['id'] ) ) );
	}

	/* ------------------------------------------------------------------
	 * hosha2/v1
	 * ------------------------------------------------------------------ */

	/**
	 * POST /forms/{id}/generate.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_generate( $request ) {
		return self::hosha2_run( $request, 'hosha2.generate' );
	}

	/**
	 * POST /forms/{id}/edit.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_edit( $request ) {
		return self::hosha2_run( $request, 'hosha2.edit' );
	}

	/**
	 * Validates a generate/edit body the way the seed states, then starts
	 * the job (202 with the request id to poll) or, with "wait": true, runs
	 * it to the end (200 with the seed's success body).
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $method  hosha2.generate or hosha2.edit.
	 * @return WP_REST_Response
	 */
	private static function hosha2_run( $request, $method ) {
		$body   = self::json_object( $request );
		$req_id = isset( $body->req_id ) && is_string( $body->req_id ) ? $body->req_id : '';
		if ( '' !== $req_id && ! preg_match( '/^' . self::REQ_ID . '$/', $req_id ) ) {
			return self::hosha2_error( 400, 'invalid_req_id', __( 'req_id must be 6 to 32 hexadecimal characters.', 'arshline-sidecar' ), '' );
		}
		if ( '' === $req_id ) {
			$req_id = bin2hex( random_bytes( 8 ) );
		}

		$form_id = (int) $request['id'];
		if ( $form_id <= 0 ) {
			return self::hosha2_error( 400, 'invalid_form_id', __( 'The form id must be a positive number.', 'arshline-sidecar' ), $req_id );
		}
		if ( ! property_exists( $body, 'prompt' ) ) {
			return self::hosha2_error( 400, 'missing_prompt', __( 'The request has no prompt.', 'arshline-sidecar' ), $req_id );
		}
		if ( ! is_string( $body->prompt ) || '' === trim( $body->prompt ) ) {
			return self::hosha2_error( 400, 'empty_prompt', __( 'The prompt is empty.', 'arshline-sidecar' ), $req_id );
		}
		if ( property_exists( $body, 'options' ) && ! is_object( $body->options ) ) {
			return self::hosha2_error( 400, 'invalid_options_type', __( 'options must be a JSON object.', 'arshline-sidecar' ), $req_id );
		}

		$wait   = isset( $body->wait ) && true === $body->wait;
		$params = (object) array(
			'form_id' => $form_id,
			'prompt'  => sanitize_textarea_field( $body->prompt ),
			'options' => property_exists( $body, 'options' ) ? $body->options : (object) array(),
			'req_id'  => strtolower( $req_id ),
			'wait'    => $wait,
		);
		if ( ! isset( $params->options->locale ) ) {
			$params->options->locale = Arshline_Sidecar_Plugin::locale();
		}
		$timeout = $wait ? self::timeout( $method, 180.0 ) : 15.0;
		$result  = Arshline_Sidecar_Plugin::call( $method, $params, $timeout );
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, $req_id );
		}
		$out               = array( 'success' => true ) + self::to_array( $result );
		$out['request_id'] = isset( $out['request_id'] ) ? $out['request_id'] : $req_id;
		return new WP_REST_Response( $out, $wait ? 200 : 202 );
	}

	/**
	 * GET /requests/{req_id}/progress.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_progress( $request ) {
		$req_id = strtolower( (string) $request['req_id'] );
		$result = Arshline_Sidecar_Plugin::call( 'hosha2.progress', array( 'req_id' => $req_id ), 10.0 );
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, $req_id );
		}
		return new WP_REST_Response(
			array(
				'success'    => true,
				'request_id' => $req_id,
			) + self::to_array( $result ),
			200
		);
	}

	/**
	 * POST /requests/{req_id}/cancel.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_cancel( $request ) {
		$req_id = strtolower( (string) $request['req_id'] );
		$result = Arshline_Sidecar_Plugin::call( 'hosha2.cancel', array( 'req_id' => $req_id ), 10.0 );
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, $req_id );
		}
		return new WP_REST_Response(
			array(
				'success'    => true,
				'request_id' => $req_id,
			) + self::to_array( $result ),
			200
		);
	}

	/**
	 * GET /forms/{id}/versions?limit&offset.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_versions( $request ) {
		$form_id = (int) $request['id'];
		if ( $form_id <= 0 ) {
			return self::hosha2_error( 400, 'invalid_form_id', __( 'The form id must be a positive number.', 'arshline-sidecar' ), '' );
		}
		$limit  = null === $request['limit'] ? 20 : (int) $request['limit'];
		$offset = null === $request['offset'] ? 0 : (int) $request['offset'];
		$result = Arshline_Sidecar_Plugin::call(
			'versions.list',
			array(
				'form_id' => $form_id,
				'limit'   => $limit,
				'offset'  => $offset,
			)
		);
		return self::hosha2_data( $result );
	}

	/**
	 * GET /forms/{id}/versions/{vid}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_version( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.get', $ids ) );
	}

	/**
	 * POST /forms/{id}/versions/{vid}/apply-diff {diff, dry_run}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_apply_diff( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		$body = self::json_object( $request );
		if ( ! property_exists( $body, 'diff' ) ) {
			return self::hosha2_error( 400, 'missing_diff', __( 'The request has no diff.', 'arshline-sidecar' ), '' );
		}
		if ( ! is_array( $body->diff ) ) {
			return self::hosha2_error( 400, 'invalid_diff_type', __( 'diff must be a JSON Patch array.', 'arshline-sidecar' ), '' );
		}
		$params          = (object) $ids;
		$params->diff    = $body->diff;
		$params->dry_run = isset( $body->dry_run ) && true === $body->dry_run;
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.apply_diff', $params ) );
	}

	/**
	 * POST /forms/{id}/versions/{vid}/rollback.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function hosha2_rollback( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.rollback', $ids ) );
	}

	/* ------------------------------------------------------------------
	 * Helpers
	 * ------------------------------------------------------------------ */

	/**
	 * The form and version ids of a versions route, or a 400 response.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array|WP_REST_Response
	 */
	private static function version_ids( $request ) {
		$form_id    = (int) $request['id'];
		$version_id = (int) $request['vid'];
		if ( $form_id <= 0 ) {
			return self::hosha2_error( 400, 'invalid_form_id', __( 'The form id must be a positive number.', 'arshline-sidecar' ), '' );
		}
		if ( $version_id <= 0 ) {
			return self::hosha2_error( 400, 'invalid_version_id', __( 'The version id must be a positive number.', 'arshline-sidecar' ), '' );
		}
		return array(
			'form_id'    => $form_id,
			'version_id' => $version_id,
		);
	}

	/**
	 * The JSON body as objects (so that {} stays {}), or an empty object.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return object
	 */
	private static function json_object( $request ) {
		$body = json_decode( (string) $request->get_body() );
		return is_object( $body ) ? $body : new stdClass();
	}

	/**
	 * Converts decoded JSON (objects) to arrays at the top level only, so a
	 * response can be extended while nested objects keep their shape.
	 *
	 * @param mixed $value Decoded JSON.
	 * @return array
	 */
	private static function to_array( $value ) {
		if ( is_object( $value ) ) {
			return get_object_vars( $value );
		}
		return is_array( $value ) ? $value : array( 'result' => $value );
	}

	/**
	 * Filterable timeout of a slow method.
	 *
	 * @param string $method  Daemon method.
	 * @param float  $default Seconds.
	 * @return float
	 */
	private static function timeout( $method, $default ) {
		/**
		 * Filters the seconds allowed for a daemon method.
		 *
		 * @param float  $seconds Seconds.
		 * @param string $method  Method name.
		 */
		return (float) apply_filters( 'arshline_sidecar_timeout', $default, $method );
	}

	/**
	 * A result as a REST response, or its WP_Error as an error response with
	 * Retry-After when the daemon asked the caller to wait.
	 *
	 * @param mixed $result A call's result.
	 * @param int   $status Status of a success.
	 * @return WP_REST_Response
	 */
	private static function respond( $result, $status = 200 ) {
		if ( ! is_wp_error( $result ) ) {
			return new WP_REST_Response( $result, $status );
		}
		$response = rest_convert_error_to_response( $result );
		$data     = $result->get_error_data();
		if ( is_array( $data ) && isset( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) (int) $data['retry_after'] );
		}
		return $response;
	}

	/**
	 * An arshline/v1 error found before calling the daemon.
	 *
	 * @param string $code    Error code.
	 * @param string $message Message.
	 * @param int    $status  HTTP status.
	 * @return WP_REST_Response
	 */
	private static function local_error( $code, $message, $status ) {
		return rest_convert_error_to_response( new WP_Error( $code, $message, array( 'status' => $status ) ) );
	}

	/**
	 * A Hosha2 result in the seed's shape, {success, data}.
	 *
	 * @param mixed $result A call's result.
	 * @return WP_REST_Response
	 */
	private static function hosha2_data( $result ) {
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, '' );
		}
		return new WP_REST_Response(
			array(
				'success' => true,
				'data'    => $result,
			),
			200
		);
	}

	/**
	 * The seed's error body for a daemon or client error.
	 *
	 * @param WP_Error $error  The error.
	 * @param string   $req_id The request id known to this request.
	 * @return WP_REST_Response
	 */
	private static function hosha2_from_wp_error( $error, $req_id ) {
		$data   = $error->get_error_data();
		$data   = is_array( $data ) ? $data : array();
		$domain = isset( $data['error'] ) ? (string) $data['error'] : 'INTERNAL';
		$status = isset( $data['status'] ) ? (int) $data['status'] : 500;
		if ( ! empty( $data['request_id'] ) ) {
			$req_id = (string) $data['request_id'];
		}
		$extra = array( 'domain_code' => $domain );
		if ( isset( $data['retry_after'] ) ) {
			$extra['retry_after_sec'] = (int) $data['retry_after'];
		}
		if ( isset( $data['violations'] ) ) {
			$extra['violations'] = $data['violations'];
		}
		$response = self::hosha2_error( $status, Arshline_Sidecar_Errors::hosha2_code( $domain ), $error->get_error_message(), $req_id, $extra );
		if ( isset( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) (int) $data['retry_after'] );
		}
		return $response;
	}

	/**
	 * The seed's error body: {success: false, error: {code, message}, request_id}
	 * (with cancelled: true for 499).
	 *
	 * @param int    $status  HTTP status.
	 * @param string $code    Error code.
	 * @param string $message Message for a person.
	 * @param string $req_id  Request id, or ''.
	 * @param array  $extra   More error members.
	 * @return WP_REST_Response
	 */
	private static function hosha2_error( $status, $code, $message, $req_id, array $extra = array() ) {
		$body = array( 'success' => false );
		if ( 499 === $status ) {
			$body['cancelled'] = true;
		}
		$body['error']      = array(
			'code'    => $code,
			'message' => $message,
		) + $extra;
		$body['request_id'] = '' === $req_id ? null : $req_id;
		return new WP_REST_Response( $body, $status );
	}
}
