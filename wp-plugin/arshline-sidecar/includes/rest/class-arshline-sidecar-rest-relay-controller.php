<?php
/**
 * arshline/v1 routes that hand their checked arguments to one daemon
 * method as they are: the site's webhook secret, a form's webhook test,
 * the SMS provider, a form's notification test and an entry's delivery
 * retry. Each is a row of
 * the route table (Arshline_Sidecar_Routes) naming its daemon method and
 * capability: WordPress validates the arguments against the row's schema,
 * and the callback adds nothing but the path's ids.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Daemon methods reached through a table of routes.
 */
class Arshline_Sidecar_REST_Relay_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = '';
	}

	/**
	 * The handler of a relay row of the route table: its permission is the
	 * row's capability, its callback the row's daemon method.
	 *
	 * @param array $row The row (rpc, cap, methods; fixed and rename optional).
	 * @return array
	 */
	public function relay_handler( array $row ) {
		return array(
			'methods'             => $row['methods'],
			'callback'            => function ( $request ) use ( $row ) {
				return $this->relay( $row, $request );
			},
			'permission_callback' => function ( $request ) use ( $row ) {
				$this->capability = $row['cap'];
				return $this->admin_permissions_check( $request );
			},
		);
	}

	/**
	 * GET sms/settings: whether to ask for the credit.
	 *
	 * @return array
	 */
	public function sms_balance_args() {
		return array(
			'balance' => array(
				'description' => __( 'Ask the provider for the account\'s credit too.', 'arshline-sidecar' ),
				'type'        => 'boolean',
			),
		);
	}

	/**
	 * POST sms/settings: the provider, key, line and address.
	 *
	 * @return array
	 */
	public function sms_settings_args() {
		return array(
			'provider' => array(
				'description' => __( 'The SMS provider.', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => array( 'kavenegar', 'melipayamak', 'ippanel', 'ghasedak' ),
				'required'    => true,
			),
			'api_key'  => array(
				'description' => __( 'The provider\'s API key; left out, the one in use is kept.', 'arshline-sidecar' ),
				'type'        => 'string',
				'maxLength'   => 500,
			),
			'sender'   => array(
				'description' => __( 'The sending line.', 'arshline-sidecar' ),
				'type'        => 'string',
				'maxLength'   => 40,
			),
			'base_url' => array(
				'description' => __( 'Another address of the provider\'s API (a gateway of your own).', 'arshline-sidecar' ),
				'type'        => 'string',
				'maxLength'   => 2000,
			),
		);
	}

	/**
	 * POST sms/test: the receiver.
	 *
	 * @return array
	 */
	public function sms_test_args() {
		return array(
			'to' => array(
				'description' => __( 'An Iranian mobile number, in any digits.', 'arshline-sidecar' ),
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 40,
				'required'    => true,
			),
		);
	}

	/**
	 * POST forms/{id}/notifications/test: which notification.
	 *
	 * @return array
	 */
	public static function notification_test_args() {
		return array(
			'index' => array(
				'description' => __( 'Which notification of the form\'s settings, from 0.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 50,
				'required'    => true,
			),
		);
	}

	/**
	 * POST …/submissions/{sid}/deliveries/{delivery_id}/retry: the entry and the delivery.
	 *
	 * @return array
	 */
	public static function delivery_args() {
		return array(
			'sid'         => self::id_arg( __( 'The submission id.', 'arshline-sidecar' ) ),
			'delivery_id' => self::id_arg( __( 'The delivery id.', 'arshline-sidecar' ) ),
		);
	}

	/**
	 * Calls a row's daemon method with the request's checked arguments,
	 * the path's ids under the names the daemon gives them.
	 *
	 * @param array           $row     The route's row.
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function relay( array $row, $request ) {
		$params = isset( $row['fixed'] ) ? $row['fixed'] : array();
		$rename = isset( $row['rename'] ) ? $row['rename'] : array();
		foreach ( array_keys( $row['args'] ) as $name ) {
			$value = $request->get_param( $name );
			if ( null === $value ) {
				continue;
			}
			$params[ isset( $rename[ $name ] ) ? $rename[ $name ] : $name ] = $value;
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( $row['rpc'], (object) $params, self::timeout( $row['rpc'], 30.0 ) ) );
	}

	/**
	 * The daemon's answer, passed on as it is.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-relay',
			'type'       => 'object',
			'properties' => array(
				'secret'     => self::readonly_property( 'string' ),
				'configured' => self::readonly_property( 'boolean' ),
				'provider'   => self::readonly_property( 'string' ),
				'sender'     => self::readonly_property( 'string' ),
				'key_set'    => self::readonly_property( 'boolean' ),
				'sent'       => self::readonly_property( 'boolean' ),
				'deliveries' => self::readonly_property(
					'array',
					array(
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'id'  => array( 'type' => 'integer' ),
								'url' => array( 'type' => 'string' ),
							),
						),
					)
				),
			),
		);
		return $this->schema;
	}
}
