<?php
/**
 * arshline/v1 routes of notifications: an administrator retries a failed
 * delivery of an entry, sends a test of one of a form's notifications,
 * has the mails due sent now, and reads the SMS account's credit.
 *
 *   POST arshline/v1/submissions/deliveries/{delivery_id}/retry  submissions.deliveries.retry
 *   POST arshline/v1/forms/{id}/notifications/{index}/test {to?} forms.notifications.test
 *   POST arshline/v1/notifications/pull                           the mails due, sent with wp_mail
 *   GET  arshline/v1/sms/credit                                   sms.credit (manage_options)
 *
 * A mail retried or tested is sent at once (the pull), so that the answer
 * says how it went rather than "pending".
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Notification routes.
 */
class Arshline_Sidecar_REST_Notifications_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Registers the routes on rest_api_init.
	 */
	public static function boot() {
		add_action(
			'rest_api_init',
			function () {
				( new self() )->register_routes();
			}
		);
	}

	/**
	 * Sets the namespace.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'notifications';
	}

	/**
	 * Registers the four routes.
	 */
	public function register_routes() {
		register_rest_route(
			$this->namespace,
			'/submissions/deliveries/(?P<delivery_id>\d+)/retry',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'retry' ),
					'permission_callback' => array( $this, 'admin_permissions_check' ),
					'args'                => array( 'delivery_id' => self::id_arg( __( 'The delivery id.', 'arshline-sidecar' ) ) ),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/forms/(?P<id>\d+)/notifications/(?P<index>\d+)/test',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'test' ),
					'permission_callback' => array( $this, 'admin_permissions_check' ),
					'args'                => array(
						'id'    => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ),
						'index' => array(
							'description' => __( 'The notification\'s place in the form\'s settings, from 0.', 'arshline-sidecar' ),
							'type'        => 'integer',
							'minimum'     => 0,
							'maximum'     => 9,
							'required'    => true,
						),
						'to'    => array(
							'description' => __( 'Where the test goes: a mobile number or an email address (needed when the notification goes to an answer).', 'arshline-sidecar' ),
							'type'        => 'string',
							'maxLength'   => 254,
						),
					),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/notifications/pull',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'pull' ),
					'permission_callback' => array( $this, 'admin_permissions_check' ),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/sms/credit',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'credit' ),
					'permission_callback' => array( $this, 'options_permissions_check' ),
				),
			)
		);
	}

	/**
	 * The SMS account is the site owner's: manage_options and the nonce.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function options_permissions_check( $request ) {
		if ( ! current_user_can( 'manage_options' ) ) {
			return new WP_Error(
				'rest_forbidden',
				__( 'Sorry, only the site\'s administrators can see the SMS account.', 'arshline-sidecar' ),
				array( 'status' => rest_authorization_required_code() )
			);
		}
		return $this->admin_permissions_check( $request );
	}

	/**
	 * POST …/submissions/deliveries/{delivery_id}/retry: {delivery}, the
	 * delivery as it stands; a mail is sent at once.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function retry( $request ) {
		$id    = (int) $request['delivery_id'];
		$retry = Arshline_Sidecar_Plugin::call( 'submissions.deliveries.retry', array( 'delivery_id' => $id ) );
		if ( is_wp_error( $retry ) ) {
			return self::respond( $retry );
		}
		$delivery = self::to_array( $retry );
		if ( isset( $delivery['channel'] ) && 'email' === $delivery['channel'] ) {
			$delivery = self::after_pull( $delivery, $id );
		}
		return self::respond( array( 'delivery' => $delivery ) );
	}

	/**
	 * POST …/forms/{id}/notifications/{index}/test: {delivery}; a text is
	 * answered once the provider has, a mail once wp_mail has.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function test( $request ) {
		$params = array(
			'form_id' => (int) $request['id'],
			'index'   => (int) $request['index'],
		);
		if ( is_string( $request['to'] ) && '' !== trim( $request['to'] ) ) {
			$params['to'] = trim( $request['to'] );
		}
		$result = Arshline_Sidecar_Plugin::call( 'forms.notifications.test', $params, self::timeout( 'forms.notifications.test', 30.0 ) );
		if ( is_wp_error( $result ) ) {
			return self::respond( $result );
		}
		$result   = self::to_array( $result );
		$delivery = isset( $result['delivery'] ) ? self::to_array( $result['delivery'] ) : array();
		if ( isset( $delivery['channel'], $delivery['id'] ) && 'email' === $delivery['channel'] ) {
			$delivery = self::after_pull( $delivery, (int) $delivery['id'] );
		}
		return self::respond( array( 'delivery' => $delivery ) );
	}

	/**
	 * POST …/notifications/pull: {sent, failed, deliveries}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function pull( $request ) {
		return self::respond( Arshline_Sidecar_Public_Mail::pull() );
	}

	/**
	 * GET …/sms/credit: {provider, balance: {amount, unit}}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function credit( $request ) {
		$result = Arshline_Sidecar_Plugin::client()->call( 'sms.credit', array(), Arshline_Sidecar_Plugin::actor( true ), array( 'objects' => true ) );
		Arshline_Sidecar_Plugin::note_availability( $result );
		return self::respond( $result );
	}

	/**
	 * Sends the mails due and returns delivery $id as its report left it
	 * (or as it was, when another pull took it).
	 *
	 * @param array $delivery The delivery before the pull.
	 * @param int   $id       Its id.
	 * @return array
	 */
	private static function after_pull( array $delivery, $id ) {
		$pulled = Arshline_Sidecar_Public_Mail::pull();
		if ( is_array( $pulled ) ) {
			foreach ( $pulled['deliveries'] as $reported ) {
				if ( is_array( $reported ) && isset( $reported['id'] ) && (int) $reported['id'] === $id ) {
					return $reported;
				}
			}
		}
		return $delivery;
	}
}
