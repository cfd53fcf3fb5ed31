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
	 * Each code the daemon sends, as docs/API.md publishes it ("JSON-RPC
	 * error codes"; a test compares the two): its JSON-RPC number and the
	 * HTTP status the plugin answers with.
	 *
	 * @var array<string, array{0: int, 1: int}>
	 */
	const DAEMON_CODES = array(
		'INVALID_PARAMS'     => array( -32602, 400 ),
		'INTERNAL'           => array( -32603, 500 ),
		'FORBIDDEN'          => array( -32001, 403 ),
		'NOT_FOUND'          => array( -32002, 404 ),
		'INVALID_PLAN'       => array( -32003, 400 ),
		'CONFLICT'           => array( -32004, 409 ),
		'UNDO_CONFLICT'      => array( -32005, 409 ),
		'ALREADY_UNDONE'     => array( -32006, 409 ),
		'RATE_LIMIT'         => array( -32007, 429 ),
		'CANCELLED'          => array( -32008, 499 ),
		'TIMEOUT'            => array( -32009, 500 ),
		'MODEL_LIMIT'        => array( -32010, 500 ),
		'SCHEMA_INVALID'     => array( -32011, 500 ),
		'UNSAFE_OUTPUT'      => array( -32012, 500 ),
		'OPENAI_UNAVAILABLE' => array( -32013, 503 ),
		'DIFF_APPLY_FAIL'    => array( -32014, 500 ),
		'UNAVAILABLE'        => array( -32015, 503 ),
		'TOO_LARGE'          => array( -32016, 413 ),
		'INVALID_SUBMISSION' => array( -32017, 422 ),
		'FORM_CLOSED'        => array( -32018, 410 ),
	);

	/**
	 * The protocol's own JSON-RPC codes, which the daemon sends without a
	 * name of their own, and the code the plugin treats each as.
	 *
	 * @var array<int, string>
	 */
	const PROTOCOL_CODES = array(
		-32700 => 'INVALID_PARAMS',
		-32600 => 'INVALID_PARAMS',
		-32601 => 'METHOD_NOT_FOUND',
	);

	/**
	 * HTTP status of the codes the client raises itself, never sent by
	 * the daemon.
	 *
	 * @var array<string, int>
	 */
	const CLIENT_STATUS = array(
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
		if ( isset( self::DAEMON_CODES[ $code ] ) ) {
			return self::DAEMON_CODES[ $code ][1];
		}
		return isset( self::CLIENT_STATUS[ $code ] ) ? self::CLIENT_STATUS[ $code ] : 500;
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
		$rpc_code = (int) $rpc_code;
		if ( isset( self::PROTOCOL_CODES[ $rpc_code ] ) ) {
			return self::PROTOCOL_CODES[ $rpc_code ];
		}
		foreach ( self::DAEMON_CODES as $name => $code ) {
			if ( $code[0] === $rpc_code ) {
				return $name;
			}
		}
		return 'INTERNAL';
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
