<?php
/**
 * arshline/v1 routes of notifications: an administrator retries a failed
 * delivery of an entry, sends a test of one of a form's notifications,
 * and has the mails due sent now.
 *
 *   POST arshline/v1/submissions/deliveries/{delivery_id}/retry  submissions.deliveries.retry
 *   POST arshline/v1/forms/{id}/notifications/{index}/test {to?} forms.notifications.test
 *   POST arshline/v1/notifications/pull                           the mails due, sent with wp_mail
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
	 * Sets the namespace.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'notifications';
	}

	/**
	 * POST …/submissions/deliveries/{delivery_id}/retry's arguments.
	 *
	 * @return array
	 */
	public function retry_args() {
		return array( 'delivery_id' => self::id_arg( __( 'The delivery id.', 'arshline-sidecar' ) ) );
	}

	/**
	 * POST …/forms/{id}/notifications/{index}/test's arguments.
	 *
	 * @return array
	 */
	public function test_args() {
		return array(
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
		);
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
	 * The answer of the routes: a delivery as the entry's log shows it.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-notification',
			'type'       => 'object',
			'properties' => array(
				'delivery'   => self::readonly_property( 'object' ),
				'sent'       => self::readonly_property( 'integer' ),
				'failed'     => self::readonly_property( 'integer' ),
				'deliveries' => self::readonly_property( 'array' ),
			),
		);
		return $this->schema;
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
