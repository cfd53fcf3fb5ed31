<?php
/**
 * REST API for respondents, arshline/v1/public/forms/{token}: the form
 * with a fresh form token (GET), a submission (POST …/submissions, JSON or
 * form-encoded) and a file's chunks (POST …/uploads). Anyone may call
 * them, and a code texted to a mobile number (POST …/otp) — they are what a form's visitors use — so the permission check is
 * __return_true; the daemon limits how often one client (the hashed
 * address) and one form may submit or upload, and judges every answer.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The public form's routes.
 */
class Arshline_Sidecar_REST_Public_Controller extends Arshline_Sidecar_REST_Controller {

	const TOKEN = '(?P<token>[A-Za-z0-9_-]{1,128})';

	/**
	 * The cookie naming the web host that holds an upload in progress.
	 */
	const UPLOAD_HOST_COOKIE = 'arshline_upload_host';

	/**
	 * The routes' namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'public/forms';
	}

	/**
	 * Anyone may read a published form.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true
	 */
	public function get_item_permissions_check( $request ) {
		return true;
	}

	/**
	 * Anyone may answer a published form.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true
	 */
	public function create_item_permissions_check( $request ) {
		return true;
	}

	/**
	 * The form and a fresh form token. Never cached: the token is the
	 * visitor's own.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		$result   = Arshline_Sidecar_Public::call( 'forms.public', array( 'token' => (string) $request['token'] ) );
		$response = $this->respond( $result );
		$response->header( 'Cache-Control', 'no-store, max-age=0' );
		return $response;
	}

	/**
	 * A submission: answers as typed, to submissions.submit; then the
	 * notification mail.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function create_item( $request ) {
		$answers = $request->get_param( 'answers' );
		$strings = self::string_params( $request, array( 'form_token', 'idempotency_key', 'honeypot' ) );
		if ( empty( $answers ) ) {
			// The daemon takes no empty submission to judge: say which
			// questions need an answer, as it would.
			$form    = Arshline_Sidecar_Public::call( 'forms.public', array( 'token' => (string) $request['token'] ) );
			$receipt = is_wp_error( $form ) ? $form : Arshline_Sidecar_Public::nothing_answered( $form );
		} else {
			$otp     = $request->get_param( 'otp' );
			$otp     = Arshline_Sidecar_Public::otp_from_post( array( 'arshline_otp' => is_array( $otp ) ? $otp : array() ) );
			$receipt = Arshline_Sidecar_Public::submit( (string) $request['token'], (array) $answers, $strings['form_token'], $strings['idempotency_key'], $strings['honeypot'], '', $otp );
		}
		if ( is_wp_error( $receipt ) ) {
			return $this->respond( $receipt );
		}
		$response = new WP_REST_Response(
			array(
				'tracking_code' => isset( $receipt['tracking_code'] ) ? (string) $receipt['tracking_code'] : '',
				'thank_you'     => isset( $receipt['thank_you'] ) ? (string) $receipt['thank_you'] : '',
			),
			201
		);
		$response->header( 'Cache-Control', 'no-store, max-age=0' );
		return $response;
	}

	/**
	 * Texts a code to the number typed for a mobile question verified by
	 * SMS, relayed to submissions.otp.send; the daemon bounds how many
	 * codes a number, a client, a form and the site may get.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function send_otp( $request ) {
		$text = self::string_params( $request, array( 'form_token', 'field', 'mobile' ) );
		$sent = Arshline_Sidecar_Public::send_otp( (string) $request['token'], $text['form_token'], $text['field'], $text['mobile'] );
		if ( is_wp_error( $sent ) ) {
			return $this->respond( $sent );
		}
		$response = new WP_REST_Response(
			array(
				'sent'            => true,
				'retry_after_sec' => isset( $sent['retry_after_sec'] ) ? (int) $sent['retry_after_sec'] : 60,
				'expires_in_sec'  => isset( $sent['expires_in_sec'] ) ? (int) $sent['expires_in_sec'] : 300,
				'mobile'          => isset( $sent['mobile'] ) ? (string) $sent['mobile'] : '',
			),
			200
		);
		$response->header( 'Cache-Control', 'no-store, max-age=0' );
		return $response;
	}

	/**
	 * One chunk of a file, relayed to submissions.upload.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function upload( $request ) {
		// WordPress has checked each parameter's type: a list or an object
		// where a string or a number belongs never reaches here.
		$text   = self::string_params( $request, array( 'form_token', 'field', 'name', 'data', 'upload_id' ) );
		$number = array(
			'size'   => (int) $request->get_param( 'size' ),
			'offset' => (int) $request->get_param( 'offset' ),
		);
		$params = array(
			'token'      => (string) $request['token'],
			'form_token' => $text['form_token'],
			'field'      => $text['field'],
			'name'       => $text['name'],
			'size'       => $number['size'],
			'offset'     => $number['offset'],
			'data'       => $text['data'],
			'final'      => (bool) $request->get_param( 'final' ),
			'client'     => Arshline_Sidecar_Public::client(),
		);
		if ( '' !== $text['upload_id'] ) {
			$params['upload_id'] = $text['upload_id'];
		}
		$result = Arshline_Sidecar_Public::call( 'submissions.upload', $params );
		if ( is_array( $result ) && isset( $result['host'] ) ) {
			// The daemon holding the upload in progress is on one web host
			// of several: its next chunks must reach that host.
			$host = (string) $result['host'];
			unset( $result['host'] );
			if ( '' === $text['upload_id'] ) {
				self::route_upload_to( $host, (string) $request['token'] );
			}
		}
		return $this->respond( $result );
	}

	/**
	 * Sets the cookie a load balancer routes an upload's next chunks on
	 * (docs/OPERATIONS.md): the name of the web host whose daemon took
	 * its first chunk, sent back only to this form's upload route, never
	 * to scripts, for an hour (an upload left idle is dropped long before).
	 *
	 * @param string $host  The web host's name, as the daemon reports it.
	 * @param string $token The form's public token.
	 */
	private static function route_upload_to( $host, $token ) {
		if ( ! preg_match( '/^[A-Za-z0-9._-]{1,64}$/', $host ) || headers_sent() ) {
			return;
		}
		$path = (string) wp_parse_url( rest_url( Arshline_Sidecar_Rest::NS . '/public/forms/' . $token . '/uploads' ), PHP_URL_PATH );
		setcookie(
			self::UPLOAD_HOST_COOKIE,
			$host,
			array(
				'expires'  => time() + HOUR_IN_SECONDS,
				'path'     => '' !== $path ? $path : '/',
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}

	/**
	 * The form as a respondent gets it.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-public-form',
			'type'       => 'object',
			'properties' => array(
				'token'      => self::readonly_property( 'string' ),
				'title'      => self::readonly_property( 'string' ),
				'locale'     => self::readonly_property( 'string' ),
				'document'   => self::readonly_property( 'object' ),
				'form_token' => self::readonly_property( 'string' ),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The receipt of a submission.
	 *
	 * @return array
	 */
	public function get_receipt_schema() {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-public-receipt',
			'type'       => 'object',
			'properties' => array(
				'tracking_code' => self::readonly_property( 'string' ),
				'thank_you'     => self::readonly_property( 'string' ),
			),
		);
	}

	/**
	 * The answer to a chunk.
	 *
	 * @return array
	 */
	public function get_upload_schema() {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-public-upload',
			'type'       => 'object',
			'properties' => array(
				'upload_id' => self::readonly_property( 'string' ),
				'received'  => self::readonly_property( 'integer' ),
				'mime'      => self::readonly_property( 'string' ),
				'sha256'    => self::readonly_property( 'string' ),
			),
		);
	}

	/**
	 * The named parameters as strings, each checked a string by WordPress
	 * from the route's schema; an absent one is "".
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string[]        $keys    Parameter names.
	 * @return array The strings by name.
	 */
	private static function string_params( $request, array $keys ) {
		$text = array();
		foreach ( $keys as $key ) {
			$text[ $key ] = (string) $request->get_param( $key );
		}
		return $text;
	}

	/**
	 * The form's public token, from the path.
	 *
	 * @return array
	 */
	public function token_args() {
		return array(
			'token' => array(
				'description' => __( 'The form\'s public token.', 'arshline-sidecar' ),
				'type'        => 'string',
				'pattern'     => '^[A-Za-z0-9_-]{1,128}$',
			),
		);
	}

	/**
	 * A submission's body: WordPress checks each parameter's type (a
	 * refusal is rest_invalid_param, 400); the answers pass as typed, for
	 * the daemon to judge.
	 *
	 * @return array
	 */
	public function submission_args() {
		return $this->token_args() + (
			array(
				'answers'         => array(
					'description' => __( 'Answers by field id, as typed.', 'arshline-sidecar' ),
					'type'        => 'object',
				),
				'form_token'      => array(
					'description' => __( 'The form token the form was loaded with.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'idempotency_key' => array(
					'description' => __( 'A key that makes a repeated send one submission.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'honeypot'        => array(
					'description' => __( 'The hidden input people leave empty.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'otp'             => array(
					'description' => __( 'Codes texted to mobile numbers, by field id.', 'arshline-sidecar' ),
					'type'        => 'object',
				),
			)
		);
	}

	/**
	 * A code request's body, each parameter's type checked by WordPress.
	 *
	 * @return array
	 */
	public function otp_args() {
		return $this->token_args() + (
			array(
				'form_token' => array(
					'description' => __( 'The form token the form was loaded with.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'field'      => array(
					'description' => __( 'The id of the mobile question verified by SMS.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'mobile'     => array(
					'description' => __( 'The mobile number the code is texted to, as typed.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
			)
		);
	}

	/**
	 * An upload chunk's body, each parameter's type checked by WordPress.
	 *
	 * @return array
	 */
	public function upload_args() {
		return $this->token_args() + (
			array(
				'form_token' => array(
					'description' => __( 'The form token the form was loaded with.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'field'      => array(
					'description' => __( 'The file question\'s id.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'name'       => array(
					'description' => __( 'The file\'s name.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'size'       => array(
					'description' => __( 'The whole file\'s bytes.', 'arshline-sidecar' ),
					'type'        => 'integer',
				),
				'upload_id'  => array(
					'description' => __( 'The upload\'s id, from the first chunk\'s answer.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'offset'     => array(
					'description' => __( 'Where this chunk starts.', 'arshline-sidecar' ),
					'type'        => 'integer',
				),
				'data'       => array(
					'description' => __( 'The chunk (at most 256 KiB) in base64.', 'arshline-sidecar' ),
					'type'        => 'string',
				),
				'final'      => array(
					'description' => __( 'Whether this is the last chunk.', 'arshline-sidecar' ),
					'type'        => 'boolean',
				),
			)
		);
	}
}
