<?php
/**
 * POST arshline/v1/ai/plan: a command in the user's words becomes a
 * validated plan and its preview.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Plans of the AI command.
 */
class Arshline_Sidecar_REST_Plans_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'ai/plan';
	}

	/**
	 * Asks the daemon's planner (ai.plan) for a plan.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function create_item( $request ) {
		// The daemon judges the command as the admin typed it, outer
		// spaces and all; only an empty one is answered here.
		$text = (string) $request['text'];
		if ( '' === trim( $text ) ) {
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
		return $this->respond( Arshline_Sidecar_Plugin::call( 'ai.plan', $params, self::timeout( 'ai.plan', 60.0 ) ) );
	}

	/**
	 * A plan: the command and mode sent, the plan and preview answered.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-plan',
			'type'       => 'object',
			'properties' => array(
				'text'     => array(
					'description' => __( 'The command, in the user\'s own words.', 'arshline-sidecar' ),
					'type'        => 'string',
					'context'     => array( 'edit' ),
					'required'    => true,
				),
				'mode'     => array(
					'description' => __( 'Which planner reads the command.', 'arshline-sidecar' ),
					'type'        => 'string',
					'enum'        => array( 'auto', 'internal', 'llm' ),
					'default'     => 'auto',
					'context'     => array( 'edit' ),
				),
				'plan'     => self::readonly_property( 'object' ),
				'preview'  => self::readonly_property( 'array' ),
				'warnings' => self::readonly_property( 'array' ),
				'source'   => self::readonly_property( 'string', array( 'enum' => array( 'internal', 'llm' ) ) ),
				'none'     => self::readonly_property( 'boolean' ),
				'reason'   => self::readonly_property( 'string' ),
				'navigate' => self::readonly_property( 'object' ),
			),
		);
		return $this->schema;
	}
}
