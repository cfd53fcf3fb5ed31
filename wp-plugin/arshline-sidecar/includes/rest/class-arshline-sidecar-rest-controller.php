<?php
/**
 * The base of the plugin's REST controllers: the administrator check every
 * route shares and the way a daemon result becomes a response.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Shared permission check and response helpers of the arshline/v1 and
 * hosha2/v1 controllers.
 */
abstract class Arshline_Sidecar_REST_Controller extends WP_REST_Controller {

	/**
	 * The capability every route of the controller needs: managing forms,
	 * which the plugin grants to administrators. Controllers of site-wide
	 * matters (the audit log) need manage_options.
	 *
	 * @var string
	 */
	protected $capability = Arshline_Sidecar_Plugin::CAP;

	/**
	 * The request being served (its permission check, which WordPress
	 * runs first, notes it): its context and _fields shape the answer.
	 *
	 * @var WP_REST_Request|null
	 */
	protected $request = null;

	/**
	 * Whether WordPress authenticated this request by its login cookie
	 * (rest_cookie_collect_status() notes it): only such a request is
	 * asked for nonces, which a browser page holds and a program calling
	 * with an application password does not.
	 *
	 * @return bool
	 */
	public static function cookie_authenticated() {
		return isset( $GLOBALS['wp_rest_auth_cookie'] ) && true === $GLOBALS['wp_rest_auth_cookie'];
	}

	/**
	 * Every route: a user holding the controller's capability; a request
	 * authenticated by cookie also with the page's wp_rest nonce (which
	 * WordPress's rest_cookie_check_errors() has already asked for; checked
	 * again so that the route never depends on that filter staying).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function admin_permissions_check( $request ) {
		$this->request = $request;
		if ( ! current_user_can( $this->capability ) ) {
			return new WP_Error(
				'rest_forbidden',
				__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ),
				array( 'status' => rest_authorization_required_code() )
			);
		}
		if ( ! self::cookie_authenticated() ) {
			return true;
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
	 * Reading a collection: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * Reading one item: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * Creating: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * The arguments of a creation, from the item schema (WordPress checks
	 * them before the callback runs).
	 *
	 * @return array
	 */
	public function create_args() {
		return $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE );
	}

	/**
	 * A positive id argument.
	 *
	 * @param string $description What it names.
	 * @param bool   $required    Whether the schema marks it required (an id
	 *                            in the route's path is there either way).
	 * @return array
	 */
	public static function id_arg( $description, $required = true ) {
		$arg = array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => 1,
		);
		if ( $required ) {
			$arg['required'] = true;
		}
		return $arg;
	}

	/**
	 * A schema property of the answer only (the request cannot set it).
	 *
	 * @param string|string[] $type JSON type.
	 * @param array           $more More schema keywords.
	 * @return array
	 */
	protected static function readonly_property( $type, array $more = array() ) {
		return array(
			'type'     => $type,
			'context'  => array( 'view' ),
			'readonly' => true,
		) + $more;
	}

	/**
	 * Arguments that describe a route's parameters in the index without
	 * letting WordPress check them: the callback checks them itself, so
	 * that a bad value gets the error body the route promises rather than
	 * rest_invalid_param.
	 *
	 * @param array $args Arguments, as get_endpoint_args_for_item_schema() or get_collection_params() give them.
	 * @return array
	 */
	protected static function unchecked_args( array $args ) {
		foreach ( $args as $name => $arg ) {
			unset( $arg['required'], $arg['default'] );
			$arg['validate_callback'] = null;
			$arg['sanitize_callback'] = null;
			$args[ $name ]            = $arg;
		}
		return $args;
	}

	/**
	 * The JSON body as objects (so that {} stays {}), or an empty object.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return object
	 */
	protected static function json_object( $request ) {
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
	protected static function to_array( $value ) {
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
	protected static function timeout( $method, $default ) {
		/**
		 * Filters the seconds allowed for a daemon method.
		 *
		 * @param float  $seconds Seconds.
		 * @param string $method  Method name.
		 */
		return (float) apply_filters( 'arshline_sidecar_timeout', $default, $method );
	}

	/**
	 * A result as a REST response, prepared by prepare_item_for_response()
	 * (each item of a list alike), or its WP_Error as an error response
	 * with Retry-After when the daemon asked the caller to wait.
	 *
	 * @param mixed $result A call's result.
	 * @param int   $status Status of a success.
	 * @return WP_REST_Response
	 */
	protected function respond( $result, $status = 200 ) {
		if ( ! is_wp_error( $result ) ) {
			$request = $this->request instanceof WP_REST_Request ? $this->request : new WP_REST_Request();
			if ( self::is_list( $result ) ) {
				$items = array();
				foreach ( $result as $item ) {
					$items[] = $this->prepare_item_for_response( $item, $request )->get_data();
				}
				return new WP_REST_Response( $items, $status );
			}
			$response = $this->prepare_item_for_response( $result, $request );
			$response->set_status( $status );
			return $response;
		}
		$response = rest_convert_error_to_response( $result );
		$data     = $result->get_error_data();
		if ( is_array( $data ) && isset( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) (int) $data['retry_after'] );
		}
		return $response;
	}

	/**
	 * Whether a value is a JSON list (an array keyed 0, 1, …).
	 *
	 * @param mixed $value A decoded value.
	 * @return bool
	 */
	private static function is_list( $value ) {
		return is_array( $value ) && ( array() === $value || array_keys( $value ) === range( 0, count( $value ) - 1 ) );
	}

	/**
	 * One item of the daemon's answer as WordPress shapes a response: its
	 * top level an array (so that WordPress's _fields can pick from it;
	 * nested objects stay objects, so that {} stays {}), filtered by the
	 * request's context against the route's schema.
	 *
	 * @param mixed           $item    A decoded daemon result.
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function prepare_item_for_response( $item, $request ) {
		$data = is_object( $item ) ? get_object_vars( $item ) : $item;
		if ( is_array( $data ) && ! self::is_list( $data ) ) {
			$context = ! empty( $request['context'] ) ? (string) $request['context'] : 'view';
			$data    = $this->filter_response_by_context( $data, $context );
		}
		return new WP_REST_Response( $data, 200 );
	}

	/**
	 * An arshline/v1 error found before calling the daemon.
	 *
	 * @param string $code    Error code.
	 * @param string $message Message.
	 * @param int    $status  HTTP status.
	 * @return WP_REST_Response
	 */
	protected static function local_error( $code, $message, $status ) {
		return rest_convert_error_to_response( new WP_Error( $code, $message, array( 'status' => $status ) ) );
	}
}
