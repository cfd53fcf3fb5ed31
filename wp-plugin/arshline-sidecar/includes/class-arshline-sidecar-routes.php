<?php
/**
 * The plugin's whole REST surface in one table: every route of
 * arshline/v1 and hosha2/v1 with its methods, the controller method that
 * serves it, its permission check, its arguments (JSON Schema, which
 * WordPress validates and sanitises before the callback runs) and the
 * schema of its answer. Arshline_Sidecar_Rest registers the table on
 * rest_api_init; the controllers hold only what the rows name.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The route table and its registration.
 */
final class Arshline_Sidecar_Routes {

	/**
	 * The controllers by the short name the table uses, made once.
	 *
	 * @var WP_REST_Controller[]|null
	 */
	private static $controllers = null;

	/**
	 * The controller classes by short name, in the order of the table.
	 */
	const CONTROLLERS = array(
		'health'      => 'Arshline_Sidecar_REST_Health_Controller',
		'plans'       => 'Arshline_Sidecar_REST_Plans_Controller',
		'executions'  => 'Arshline_Sidecar_REST_Executions_Controller',
		'undo'        => 'Arshline_Sidecar_REST_Undo_Controller',
		'audit'       => 'Arshline_Sidecar_REST_Audit_Controller',
		'forms'       => 'Arshline_Sidecar_REST_Forms_Controller',
		'hosha2'      => 'Arshline_Sidecar_REST_Hosha2_Jobs_Controller',
		'versions'    => 'Arshline_Sidecar_REST_Versions_Controller',
		'submissions' => 'Arshline_Sidecar_REST_Submissions_Controller',
		'results'     => 'Arshline_Sidecar_REST_Results_Controller',
		'builder'     => 'Arshline_Sidecar_REST_Builder_Controller',
		'relay'       => 'Arshline_Sidecar_REST_Relay_Controller',
		'notify'      => 'Arshline_Sidecar_REST_Notifications_Controller',
		'public'      => 'Arshline_Sidecar_REST_Public_Controller',
	);

	/**
	 * Every route, in registration order. A row:
	 * - ns, path: the namespace and the route within it;
	 * - methods: GET, POST or DELETE;
	 * - controller, callback: the controller (by short name) and its method;
	 * - permission: the controller's permission check, or 'public' (anyone:
	 *   the visitor's own routes, bounded by the daemon per address and form);
	 * - args: the arguments' JSON Schema, or the name of the controller
	 *   method that gives it (omitted: none);
	 * - schema: the controller method giving the answer's schema
	 *   (get_public_item_schema unless named; false: none);
	 * - rpc, cap: a relay row's daemon method and capability (the relay
	 *   controller passes the checked arguments on as they are).
	 *
	 * @return array[]
	 */
	public static function table() {
		$form_id  = array( 'id' => Arshline_Sidecar_REST_Controller::id_arg( __( 'The form id.', 'arshline-sidecar' ) ) );
		$form_opt = array( 'id' => Arshline_Sidecar_REST_Controller::id_arg( __( 'The form id.', 'arshline-sidecar' ), false ) );
		$sub      = 'forms/(?P<id>\d+)/submissions';
		$h2_form  = 'forms/(?P<id>' . Arshline_Sidecar_REST_Hosha2_Controller::ID . ')';
		$h2_req   = 'requests/(?P<req_id>' . Arshline_Sidecar_REST_Hosha2_Controller::REQ_ID . ')';
		$h2_ver   = $h2_form . '/versions/(?P<vid>' . Arshline_Sidecar_REST_Hosha2_Controller::ID . ')';
		$token    = 'public/forms/' . Arshline_Sidecar_REST_Public_Controller::TOKEN;
		$a        = Arshline_Sidecar_Rest::NS;
		$h        = Arshline_Sidecar_Rest::HOSHA2;
		// phpcs:disable WordPress.Arrays.MultipleStatementAlignment
		return array(
			// The service and the AI command.
			array( 'ns' => $a, 'path' => 'health', 'methods' => 'GET', 'controller' => 'health', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check' ),
			array( 'ns' => $a, 'path' => 'ai/plan', 'methods' => 'POST', 'controller' => 'plans', 'callback' => 'create_item', 'permission' => 'create_item_permissions_check', 'args' => 'create_args' ),
			array( 'ns' => $a, 'path' => 'ai/execute', 'methods' => 'POST', 'controller' => 'executions', 'callback' => 'create_item', 'permission' => 'create_item_permissions_check', 'args' => 'create_args' ),
			array( 'ns' => $a, 'path' => 'ai/undo', 'methods' => 'POST', 'controller' => 'undo', 'callback' => 'create_item', 'permission' => 'create_item_permissions_check', 'args' => 'create_args' ),
			array( 'ns' => $a, 'path' => 'ai/audit', 'methods' => 'GET', 'controller' => 'audit', 'callback' => 'get_items', 'permission' => 'get_items_permissions_check', 'args' => 'get_collection_params' ),
			// Forms.
			array( 'ns' => $a, 'path' => 'forms', 'methods' => 'GET', 'controller' => 'forms', 'callback' => 'get_items', 'permission' => 'get_items_permissions_check', 'args' => 'get_collection_params' ),
			array( 'ns' => $a, 'path' => 'forms', 'methods' => 'POST', 'controller' => 'forms', 'callback' => 'create_item', 'permission' => 'create_item_permissions_check', 'args' => 'create_args' ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)', 'methods' => 'GET', 'controller' => 'forms', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check', 'args' => $form_opt ),
			// Hosha2: generation, progress, cancel; versions. The bodies of
			// generate, edit and apply-diff and the versions list's page are
			// described but not checked by WordPress (unchecked_args): Hosha2's
			// clients are promised its own error body, {success: false, error:
			// {code, message}, request_id} with its reasons (invalid_form_id,
			// missing_prompt, empty_prompt, invalid_options_type, …:
			// docs/HOSHA2.md), which WordPress's
			// rest_invalid_param answer cannot give; the callbacks and the
			// daemon check them instead.
			array( 'ns' => $h, 'path' => $h2_form . '/generate', 'methods' => 'POST', 'controller' => 'hosha2', 'callback' => 'generate', 'permission' => 'generate_permissions_check', 'args' => 'body_args' ),
			array( 'ns' => $h, 'path' => $h2_form . '/edit', 'methods' => 'POST', 'controller' => 'hosha2', 'callback' => 'edit', 'permission' => 'edit_permissions_check', 'args' => 'body_args' ),
			array( 'ns' => $h, 'path' => $h2_req . '/progress', 'methods' => 'GET', 'controller' => 'hosha2', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check' ),
			array( 'ns' => $h, 'path' => $h2_req . '/cancel', 'methods' => 'POST', 'controller' => 'hosha2', 'callback' => 'cancel', 'permission' => 'cancel_permissions_check' ),
			array( 'ns' => $h, 'path' => $h2_form . '/versions', 'methods' => 'GET', 'controller' => 'versions', 'callback' => 'get_items', 'permission' => 'get_items_permissions_check', 'args' => 'list_args' ),
			array( 'ns' => $h, 'path' => $h2_ver, 'methods' => 'GET', 'controller' => 'versions', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check' ),
			array( 'ns' => $h, 'path' => $h2_ver . '/apply-diff', 'methods' => 'POST', 'controller' => 'versions', 'callback' => 'apply_diff', 'permission' => 'apply_diff_permissions_check', 'args' => 'body_args' ),
			array( 'ns' => $h, 'path' => $h2_ver . '/rollback', 'methods' => 'POST', 'controller' => 'versions', 'callback' => 'rollback', 'permission' => 'rollback_permissions_check' ),
			// A form's entries, their files, results and exports.
			array( 'ns' => $a, 'path' => $sub, 'methods' => 'GET', 'controller' => 'submissions', 'callback' => 'get_items', 'permission' => 'get_items_permissions_check', 'args' => 'list_args' ),
			array( 'ns' => $a, 'path' => $sub, 'methods' => 'DELETE', 'controller' => 'submissions', 'callback' => 'delete_items', 'permission' => 'delete_items_permissions_check', 'args' => 'ids_args' ),
			array( 'ns' => $a, 'path' => $sub . '/status', 'methods' => 'POST', 'controller' => 'submissions', 'callback' => 'update_status', 'permission' => 'update_status_permissions_check', 'args' => 'status_args' ),
			array( 'ns' => $a, 'path' => $sub . '/delete', 'methods' => 'POST', 'controller' => 'submissions', 'callback' => 'delete_items', 'permission' => 'delete_items_permissions_check', 'args' => 'ids_args' ),
			array( 'ns' => $a, 'path' => $sub . '/(?P<sid>\d+)', 'methods' => 'GET', 'controller' => 'submissions', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check', 'args' => 'item_args' ),
			array( 'ns' => $a, 'path' => $sub . '/(?P<sid>\d+)/files/(?P<upload_id>' . Arshline_Sidecar_REST_Submissions_Controller::UPLOAD_ID . ')', 'methods' => 'GET', 'controller' => 'submissions', 'callback' => 'get_file', 'permission' => 'get_file_permissions_check', 'args' => 'file_args', 'schema' => 'get_file_schema' ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/results', 'methods' => 'GET', 'controller' => 'results', 'callback' => 'get_item', 'permission' => 'get_item_permissions_check', 'args' => 'summary_args' ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/export', 'methods' => 'GET', 'controller' => 'results', 'callback' => 'export', 'permission' => 'export_permissions_check', 'args' => 'export_args', 'schema' => 'get_export_schema' ),
			// The builder.
			array( 'ns' => $a, 'path' => 'forms/schema', 'methods' => 'GET', 'controller' => 'builder', 'callback' => 'get_document_schema', 'permission' => 'get_item_permissions_check', 'args' => array() ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/document', 'methods' => 'POST', 'controller' => 'builder', 'callback' => 'update_item', 'permission' => 'update_item_permissions_check', 'args' => 'document_args' ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/preview', 'methods' => 'POST', 'controller' => 'builder', 'callback' => 'preview', 'permission' => 'update_item_permissions_check', 'args' => 'preview_args' ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/answers-info', 'methods' => 'GET', 'controller' => 'builder', 'callback' => 'get_answers_info', 'permission' => 'get_item_permissions_check', 'args' => $form_opt ),
			// One daemon method each, the arguments passed on as checked.
			array( 'ns' => $a, 'path' => 'webhooks/secret', 'methods' => 'GET', 'controller' => 'relay', 'rpc' => 'webhooks.secret', 'cap' => 'manage_options', 'args' => array() ),
			array( 'ns' => $a, 'path' => 'webhooks/secret/rotate', 'methods' => 'POST', 'controller' => 'relay', 'rpc' => 'webhooks.secret', 'cap' => 'manage_options', 'args' => array(), 'fixed' => array( 'rotate' => true ) ),
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/webhooks/test', 'methods' => 'POST', 'controller' => 'relay', 'rpc' => 'webhooks.test', 'cap' => Arshline_Sidecar_Plugin::CAP, 'args' => $form_id, 'rename' => array( 'id' => 'form_id' ) ),
			array( 'ns' => $a, 'path' => 'sms/settings', 'methods' => 'GET', 'controller' => 'relay', 'rpc' => 'sms.settings.get', 'cap' => 'manage_options', 'args' => 'sms_balance_args' ),
			array( 'ns' => $a, 'path' => 'sms/settings', 'methods' => 'POST', 'controller' => 'relay', 'rpc' => 'sms.settings.set', 'cap' => 'manage_options', 'args' => 'sms_settings_args' ),
			array( 'ns' => $a, 'path' => 'sms/test', 'methods' => 'POST', 'controller' => 'relay', 'rpc' => 'sms.test', 'cap' => 'manage_options', 'args' => 'sms_test_args' ),
			array( 'ns' => $a, 'path' => 'sms/credit', 'methods' => 'GET', 'controller' => 'relay', 'rpc' => 'sms.credit', 'cap' => 'manage_options', 'args' => array() ),
			// A form's notifications: a mail is sent by this site (wp_mail) as soon as the daemon owes it.
			array( 'ns' => $a, 'path' => 'forms/(?P<id>\d+)/notifications/(?P<index>\d+)/test', 'methods' => 'POST', 'controller' => 'notify', 'callback' => 'test', 'permission' => 'admin_permissions_check', 'args' => 'test_args', 'schema' => false ),
			array( 'ns' => $a, 'path' => 'submissions/deliveries/(?P<delivery_id>\d+)/retry', 'methods' => 'POST', 'controller' => 'notify', 'callback' => 'retry', 'permission' => 'admin_permissions_check', 'args' => 'retry_args', 'schema' => false ),
			array( 'ns' => $a, 'path' => 'notifications/pull', 'methods' => 'POST', 'controller' => 'notify', 'callback' => 'pull', 'permission' => 'admin_permissions_check', 'args' => array(), 'schema' => false ),
			// The visitor's: the public form, its submission, codes and uploads.
			array( 'ns' => $a, 'path' => $token, 'methods' => 'GET', 'controller' => 'public', 'callback' => 'get_item', 'permission' => 'public', 'args' => 'token_args' ),
			array( 'ns' => $a, 'path' => $token . '/submissions', 'methods' => 'POST', 'controller' => 'public', 'callback' => 'create_item', 'permission' => 'public', 'args' => 'submission_args', 'schema' => 'get_receipt_schema' ),
			array( 'ns' => $a, 'path' => $token . '/otp', 'methods' => 'POST', 'controller' => 'public', 'callback' => 'send_otp', 'permission' => 'public', 'args' => 'otp_args', 'schema' => false ),
			array( 'ns' => $a, 'path' => $token . '/uploads', 'methods' => 'POST', 'controller' => 'public', 'callback' => 'upload', 'permission' => 'public', 'args' => 'upload_args', 'schema' => 'get_upload_schema' ),
		);
		// phpcs:enable
	}

	/**
	 * The controller of a short name (made once a request).
	 *
	 * @param string $name Short name.
	 * @return WP_REST_Controller
	 */
	public static function controller( $name ) {
		if ( null === self::$controllers ) {
			self::$controllers = array();
		}
		if ( ! isset( self::$controllers[ $name ] ) ) {
			$class                      = self::CONTROLLERS[ $name ];
			self::$controllers[ $name ] = new $class();
		}
		return self::$controllers[ $name ];
	}

	/**
	 * Registers the table's rows; $only keeps the rows of one controller.
	 * Rows of one path become the handlers of one route, in table order.
	 *
	 * @param string $only A controller's short name, or '' for every row.
	 */
	public static function register( $only = '' ) {
		$routes = array();
		foreach ( self::table() as $row ) {
			if ( '' !== $only && $only !== $row['controller'] ) {
				continue;
			}
			$key = $row['ns'] . ' /' . $row['path'];
			if ( ! isset( $routes[ $key ] ) ) {
				$routes[ $key ] = array(
					'ns'       => $row['ns'],
					'path'     => '/' . $row['path'],
					'handlers' => array(),
					'schema'   => null,
				);
			}
			$controller                   = self::controller( $row['controller'] );
			$routes[ $key ]['handlers'][] = self::handler( $row, $controller );
			$schema                       = isset( $row['schema'] ) ? $row['schema'] : 'get_public_item_schema';
			if ( false !== $schema && null === $routes[ $key ]['schema'] ) {
				$routes[ $key ]['schema'] = array( $controller, $schema );
			}
		}
		foreach ( $routes as $route ) {
			$args = $route['handlers'];
			if ( null !== $route['schema'] ) {
				$args['schema'] = $route['schema'];
			}
			register_rest_route( $route['ns'], $route['path'], $args );
		}
	}

	/**
	 * Whether a row reads items its controller prepares for the request's
	 * context (prepare_item_for_response): the administrator's GET of an
	 * item or a collection of arshline/v1.
	 *
	 * @param array              $row        The row.
	 * @param WP_REST_Controller $controller Its controller.
	 * @return bool
	 */
	private static function answers_in_context( array $row, $controller ) {
		return 'GET' === $row['methods'] && Arshline_Sidecar_Rest::NS === $row['ns'] && ! isset( $row['rpc'] )
			&& 'public' !== $row['permission'] && in_array( $row['callback'], array( 'get_item', 'get_items' ), true )
			&& $controller instanceof Arshline_Sidecar_REST_Controller;
	}

	/**
	 * A row's handler: methods, callback, permission check and arguments.
	 *
	 * @param array              $row        The row.
	 * @param WP_REST_Controller $controller Its controller.
	 * @return array
	 */
	private static function handler( array $row, $controller ) {
		if ( isset( $row['args'] ) && is_string( $row['args'] ) ) {
			$row['args'] = call_user_func( array( $controller, $row['args'] ) );
		}
		if ( self::answers_in_context( $row, $controller ) ) {
			// As core's routes: WordPress checks ?context= against the
			// contexts of the answer's schema, so an unknown one is refused
			// rather than answered with every field filtered out.
			$args = isset( $row['args'] ) ? $row['args'] : array();
			if ( ! isset( $args['context'] ) ) {
				$args['context'] = $controller->get_context_param( array( 'default' => 'view' ) );
			}
			$row['args'] = $args;
		}
		if ( isset( $row['rpc'] ) ) {
			$handler = $controller->relay_handler( $row );
		} else {
			$handler = array(
				'methods'             => $row['methods'],
				'callback'            => array( $controller, $row['callback'] ),
				'permission_callback' => 'public' === $row['permission'] ? '__return_true' : array( $controller, $row['permission'] ),
			);
		}
		if ( isset( $row['args'] ) ) {
			$handler['args'] = $row['args'];
		}
		return $handler;
	}
}
