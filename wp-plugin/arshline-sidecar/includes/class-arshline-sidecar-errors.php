<?php
/**
 * The one mapping of daemon error codes to HTTP statuses and WP_Error
 * objects. It needs no WordPress function, so the socket client and the
 * command-line tools use it as they are.
 *
 * @package Arshline_Sidecar
 */

/**
 * Domain error codes, their HTTP statuses and their WP_Error form.
 */
final class Arshline_Sidecar_Errors {

	/**
	 * HTTP status of each domain code the daemon sends, plus the codes the
	 * client itself raises when the daemon cannot answer properly.
	 *
	 * @var array<string, int>
	 */
	const HTTP_STATUS = array(
		'INVALID_PARAMS'     => 400,
		'INVALID_PLAN'       => 400,
		'FORBIDDEN'          => 403,
		'NOT_FOUND'          => 404,
		'CONFLICT'           => 409,
		'UNDO_CONFLICT'      => 409,
		'ALREADY_UNDONE'     => 409,
		'RATE_LIMIT'         => 429,
		'CANCELLED'          => 499,
		'TIMEOUT'            => 500,
		'MODEL_LIMIT'        => 500,
		'SCHEMA_INVALID'     => 500,
		'UNSAFE_OUTPUT'      => 500,
		'DIFF_APPLY_FAIL'    => 500,
		'INTERNAL'           => 500,
		'OPENAI_UNAVAILABLE' => 503,
		'UNAVAILABLE'        => 503,
		'TOO_LARGE'          => 413,
		'INVALID_SUBMISSION' => 422,
		'FORM_CLOSED'        => 410,
		// Raised by the client, never sent by the daemon.
		'DAEMON_UNAVAILABLE' => 503,
		'DAEMON_TIMEOUT'     => 503,
		'RESPONSE_TOO_LARGE' => 500,
		'BAD_RESPONSE'       => 500,
		'METHOD_NOT_FOUND'   => 500,
		'BAD_REQUEST'        => 400,
	);

	/**
	 * Texts of the errors the client raises itself, in both languages.
	 *
	 * @var array<string, array{fa: string, en: string}>
	 */
	const CLIENT_MESSAGES = array(
		'DAEMON_UNAVAILABLE' => array(
			'fa' => 'سرویس هوش مصنوعی ارشلاین در دسترس نیست. لطفاً چند لحظهٔ دیگر دوباره تلاش کنید یا از مدیر سایت بخواهید سرویس arshlined را بررسی کند.',
			'en' => 'The Arshline AI service is not reachable. Please try again in a moment, or ask the site administrator to check the arshlined service.',
		),
		'DAEMON_TIMEOUT'     => array(
			'fa' => 'سرویس هوش مصنوعی ارشلاین در زمان مقرر پاسخ نداد. لطفاً دوباره تلاش کنید.',
			'en' => 'The Arshline AI service did not answer in time. Please try again.',
		),
		'RESPONSE_TOO_LARGE' => array(
			'fa' => 'پاسخ سرویس هوش مصنوعی بیش از اندازهٔ مجاز بزرگ بود و کنار گذاشته شد.',
			'en' => 'The Arshline AI service sent an answer larger than allowed; it was discarded.',
		),
		'BAD_RESPONSE'       => array(
			'fa' => 'پاسخ سرویس هوش مصنوعی قابل خواندن نبود.',
			'en' => 'The answer of the Arshline AI service could not be read.',
		),
		'METHOD_NOT_FOUND'   => array(
			'fa' => 'نسخهٔ نصب‌شدهٔ سرویس arshlined این کار را پشتیبانی نمی‌کند؛ سرویس را به‌روز کنید.',
			'en' => 'The installed arshlined service does not support this operation; please update it.',
		),
		'BAD_REQUEST'        => array(
			'fa' => 'درخواست قابل ارسال نبود (دادهٔ نامعتبر).',
			'en' => 'The request could not be sent (invalid data).',
		),
	);

	/**
	 * HTTP status of a domain code; 500 for a code nobody knows.
	 *
	 * @param string $code Domain code, e.g. NOT_FOUND.
	 * @return int
	 */
	public static function http_status( $code ) {
		$code = strtoupper( (string) $code );
		return isset( self::HTTP_STATUS[ $code ] ) ? self::HTTP_STATUS[ $code ] : 500;
	}

	/**
	 * Whether a locale asks for Persian text.
	 *
	 * @param string $locale A WordPress locale.
	 * @return bool
	 */
	public static function is_persian( $locale ) {
		return 0 === strpos( strtolower( (string) $locale ), 'fa' );
	}

	/**
	 * The WP_Error code of a domain code: arshline_ and the code in lower case.
	 *
	 * @param string $code Domain code.
	 * @return string
	 */
	public static function wp_code( $code ) {
		return 'arshline_' . strtolower( preg_replace( '/[^A-Za-z0-9_]/', '', (string) $code ) );
	}

	/**
	 * Builds the WP_Error of a daemon error object.
	 *
	 * @param array  $error  The JSON-RPC error object (code, message, data).
	 * @param string $locale Locale of the person who will read the message.
	 * @return WP_Error
	 */
	public static function from_rpc_error( array $error, $locale ) {
		$data     = ( isset( $error['data'] ) && is_array( $error['data'] ) ) ? $error['data'] : array();
		$rpc_code = isset( $error['code'] ) && is_int( $error['code'] ) ? $error['code'] : 0;
		$domain   = isset( $data['error'] ) && is_string( $data['error'] ) && '' !== $data['error'] ? $data['error'] : self::domain_of_rpc_code( $rpc_code );
		if ( -32601 === $rpc_code ) {
			$domain = 'METHOD_NOT_FOUND';
		}

		$key     = self::is_persian( $locale ) ? 'message_fa' : 'message_en';
		$message = '';
		if ( isset( $data[ $key ] ) && is_string( $data[ $key ] ) && '' !== $data[ $key ] ) {
			$message = $data[ $key ];
		} elseif ( isset( $error['message'] ) && is_string( $error['message'] ) ) {
			$message = $error['message'];
		}
		if ( 'METHOD_NOT_FOUND' === $domain ) {
			$message = self::client_message( 'METHOD_NOT_FOUND', $locale );
		}

		$out = array(
			'status'     => self::http_status( $domain ),
			'error'      => $domain,
			'rpc_code'   => $rpc_code,
			'request_id' => isset( $data['request_id'] ) ? (string) $data['request_id'] : '',
			'message_fa' => isset( $data['message_fa'] ) ? (string) $data['message_fa'] : '',
			'message_en' => isset( $data['message_en'] ) ? (string) $data['message_en'] : '',
		);
		if ( isset( $data['retry_after_sec'] ) && is_numeric( $data['retry_after_sec'] ) ) {
			$out['retry_after'] = max( 1, (int) ceil( (float) $data['retry_after_sec'] ) );
		} elseif ( 'RATE_LIMIT' === $domain ) {
			$out['retry_after'] = 1;
		}
		foreach ( array( 'violations', 'step', 'fields', 'field', 'max_size_kb', 'limit', 'kind', 'provider_message', 'provider_code', 'param' ) as $extra ) {
			if ( isset( $data[ $extra ] ) ) {
				$out[ $extra ] = $data[ $extra ];
			}
		}
		return new WP_Error( self::wp_code( $domain ), $message, $out );
	}

	/**
	 * Builds the WP_Error of a failure the client detected itself.
	 *
	 * @param string $code   One of the CLIENT_MESSAGES keys.
	 * @param string $locale Locale of the reader.
	 * @param string $detail Technical detail for logs (never shown as the message).
	 * @return WP_Error
	 */
	public static function client_error( $code, $locale, $detail = '' ) {
		return new WP_Error(
			self::wp_code( $code ),
			self::client_message( $code, $locale ),
			array(
				'status'     => self::http_status( $code ),
				'error'      => $code,
				'detail'     => (string) $detail,
				'message_fa' => self::client_message( $code, 'fa_IR' ),
				'message_en' => self::client_message( $code, 'en_US' ),
			)
		);
	}

	/**
	 * Text of a client-side error in the reader's language.
	 *
	 * @param string $code   One of the CLIENT_MESSAGES keys.
	 * @param string $locale Locale of the reader.
	 * @return string
	 */
	public static function client_message( $code, $locale ) {
		$lang = self::is_persian( $locale ) ? 'fa' : 'en';
		return isset( self::CLIENT_MESSAGES[ $code ] ) ? self::CLIENT_MESSAGES[ $code ][ $lang ] : self::CLIENT_MESSAGES['BAD_RESPONSE'][ $lang ];
	}

	/**
	 * Domain code of a JSON-RPC code when the error carries none.
	 *
	 * @param int $rpc_code JSON-RPC error code.
	 * @return string
	 */
	public static function domain_of_rpc_code( $rpc_code ) {
		$table = array(
			-32700 => 'INVALID_PARAMS',
			-32600 => 'INVALID_PARAMS',
			-32601 => 'METHOD_NOT_FOUND',
			-32602 => 'INVALID_PARAMS',
			-32603 => 'INTERNAL',
			-32001 => 'FORBIDDEN',
			-32002 => 'NOT_FOUND',
			-32003 => 'INVALID_PLAN',
			-32004 => 'CONFLICT',
			-32005 => 'UNDO_CONFLICT',
			-32006 => 'ALREADY_UNDONE',
			-32007 => 'RATE_LIMIT',
			-32008 => 'CANCELLED',
			-32009 => 'TIMEOUT',
			-32010 => 'MODEL_LIMIT',
			-32011 => 'SCHEMA_INVALID',
			-32012 => 'UNSAFE_OUTPUT',
			-32013 => 'OPENAI_UNAVAILABLE',
			-32014 => 'DIFF_APPLY_FAIL',
			-32015 => 'UNAVAILABLE',
			-32016 => 'TOO_LARGE',
			-32017 => 'INVALID_SUBMISSION',
			-32018 => 'FORM_CLOSED',
		);
		return isset( $table[ $rpc_code ] ) ? $table[ $rpc_code ] : 'INTERNAL';
	}

	/**
	 * The Hosha2 REST error code for a domain code (rate_limited,
	 * request_cancelled, runtime_error, …).
	 *
	 * @param string $code Domain code.
	 * @return string
	 */
	public static function hosha2_code( $code ) {
		$map = array(
			'RATE_LIMIT'         => 'rate_limited',
			'CANCELLED'          => 'request_cancelled',
			'INTERNAL'           => 'runtime_error',
			'BAD_RESPONSE'       => 'runtime_error',
			'RESPONSE_TOO_LARGE' => 'runtime_error',
			'METHOD_NOT_FOUND'   => 'runtime_error',
			'DAEMON_UNAVAILABLE' => 'service_unavailable',
			'DAEMON_TIMEOUT'     => 'service_unavailable',
			'UNAVAILABLE'        => 'service_unavailable',
			'INVALID_PARAMS'     => 'invalid_request',
			'BAD_REQUEST'        => 'invalid_request',
		);
		$code = strtoupper( (string) $code );
		return isset( $map[ $code ] ) ? $map[ $code ] : strtolower( $code );
	}
}
