<?php
/**
 * JSON-RPC 2.0 client for arshlined over its Unix socket.
 *
 * One JSON text per line in each direction. The client keeps one
 * connection per instance and reuses it between calls, numbers requests
 * with increasing ids, bounds connect, read and write time, refuses answers
 * larger than a limit, and turns every failure into a WP_Error: it never
 * lets PHP print a warning and never throws.
 *
 * It depends on no WordPress function, so php-cli tools and tests use it
 * directly (with wp-plugin/tests/wp-error-polyfill.php when WordPress is
 * absent).
 *
 * @package Arshline_Sidecar
 */

/**
 * Socket client of the arshlined daemon.
 */
class Arshline_Sidecar_Client {

	/**
	 * Largest answer accepted, in bytes.
	 */
	const DEFAULT_MAX_RESPONSE_BYTES = 4194304;

	/**
	 * Seconds allowed to connect.
	 */
	const DEFAULT_CONNECT_TIMEOUT = 2.0;

	/**
	 * Seconds allowed for one call (write and read together).
	 */
	const DEFAULT_TIMEOUT = 15.0;

	/**
	 * Bytes read at most per read call.
	 */
	const READ_CHUNK = 65536;

	/**
	 * Socket path.
	 *
	 * @var string
	 */
	private $socket_path;

	/**
	 * Seconds allowed to connect.
	 *
	 * @var float
	 */
	private $connect_timeout;

	/**
	 * Seconds allowed per call.
	 *
	 * @var float
	 */
	private $timeout;

	/**
	 * Largest answer accepted, in bytes.
	 *
	 * @var int
	 */
	private $max_response_bytes;

	/**
	 * Open connection, or null.
	 *
	 * @var resource|null
	 */
	private $conn = null;

	/**
	 * Last request id used.
	 *
	 * @var int
	 */
	private $next_id = 0;

	/**
	 * Messages PHP raised while a guarded operation ran.
	 *
	 * @var string[]
	 */
	private $php_errors = array();

	/**
	 * Creates a client. Nothing is connected until the first call.
	 *
	 * @param string $socket_path Path of the daemon's Unix socket.
	 * @param array  $options     connect_timeout (s), timeout (s), max_response_bytes.
	 */
	public function __construct( $socket_path, array $options = array() ) {
		$this->socket_path        = (string) $socket_path;
		$this->connect_timeout    = isset( $options['connect_timeout'] ) ? max( 0.01, (float) $options['connect_timeout'] ) : self::DEFAULT_CONNECT_TIMEOUT;
		$this->timeout            = isset( $options['timeout'] ) ? max( 0.01, (float) $options['timeout'] ) : self::DEFAULT_TIMEOUT;
		$this->max_response_bytes = isset( $options['max_response_bytes'] ) ? max( 1024, (int) $options['max_response_bytes'] ) : self::DEFAULT_MAX_RESPONSE_BYTES;
	}

	/**
	 * Closes the connection.
	 */
	public function __destruct() {
		$this->close();
	}

	/**
	 * The socket path this client talks to.
	 *
	 * @return string
	 */
	public function socket_path() {
		return $this->socket_path;
	}

	/**
	 * The id the last request carried (0 before the first call).
	 *
	 * @return int
	 */
	public function last_request_id() {
		return $this->next_id;
	}

	/**
	 * Whether a connection is open.
	 *
	 * @return bool
	 */
	public function is_connected() {
		return is_resource( $this->conn );
	}

	/**
	 * Closes the connection; the next call opens a new one.
	 */
	public function close() {
		if ( is_resource( $this->conn ) ) {
			fclose( $this->conn ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		}
		$this->conn = null;
	}

	/**
	 * Calls a daemon method.
	 *
	 * @param string     $method  Method name, e.g. forms.get.
	 * @param array      $params  Parameters (an associative array or an object-shaped value).
	 * @param array|null $actor   {user_id, caps, locale, site_id}; omitted from the request when null.
	 * @param array      $options timeout (s) for this call; objects (bool) to decode JSON objects as stdClass.
	 * @return mixed|WP_Error The result, or a WP_Error whose data holds the HTTP status.
	 */
	public function call( $method, $params = array(), $actor = null, array $options = array() ) {
		$locale  = ( is_array( $actor ) && isset( $actor['locale'] ) ) ? (string) $actor['locale'] : 'fa_IR';
		$timeout = isset( $options['timeout'] ) ? max( 0.01, (float) $options['timeout'] ) : $this->timeout;
		$objects = ! empty( $options['objects'] );

		if ( is_object( $params ) ) {
			$params = clone $params;
			if ( null !== $actor ) {
				$params->actor = $actor;
			}
		} else {
			$params = (array) $params;
			if ( null !== $actor ) {
				$params['actor'] = $actor;
			}
			if ( empty( $params ) ) {
				$params = new stdClass();
			}
		}

		++$this->next_id;
		$id      = $this->next_id;
		$payload = json_encode( // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- no WordPress here.
			array(
				'jsonrpc' => '2.0',
				'id'      => $id,
				'method'  => (string) $method,
				'params'  => $params,
			),
			JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
		);
		if ( false === $payload ) {
			return Arshline_Sidecar_Errors::client_error( 'BAD_REQUEST', $locale, json_last_error_msg() );
		}

		$deadline = microtime( true ) + $timeout;
		$conn     = $this->connection( $locale );
		if ( is_wp_error( $conn ) ) {
			return $conn;
		}

		$sent = $this->write_all( $payload . "\n", $deadline, $locale );
		if ( is_wp_error( $sent ) ) {
			// The daemon may have refused the request (too large, say) and
			// said why before closing: prefer its answer to a bare write error.
			$said = 'DAEMON_UNAVAILABLE' === $sent->get_error_data()['error'] ? $this->read_line( min( $deadline, microtime( true ) + 1.0 ), $locale ) : null;
			if ( is_string( $said ) ) {
				$answer = $this->decode( $said, $id, $locale, $objects );
				$this->close();
				if ( is_wp_error( $answer ) && 'BAD_RESPONSE' !== $answer->get_error_data()['error'] ) {
					return $answer;
				}
			}
			$this->close();
			return $sent;
		}

		$line = $this->read_line( $deadline, $locale );
		if ( is_wp_error( $line ) ) {
			$this->close();
			return $line;
		}

		return $this->decode( $line, $id, $locale, $objects );
	}

	/**
	 * Returns the open connection, opening one when needed. A connection
	 * that became readable while idle (the daemon closed it, or sent
	 * something nobody asked for) is replaced.
	 *
	 * @param string $locale Reader's locale for error messages.
	 * @return resource|WP_Error
	 */
	private function connection( $locale ) {
		if ( is_resource( $this->conn ) ) {
			$read   = array( $this->conn );
			$write  = null;
			$except = null;
			$ready  = $this->guard(
				function () use ( &$read, &$write, &$except ) {
					return stream_select( $read, $write, $except, 0 );
				}
			);
			if ( 0 === $ready ) {
				return $this->conn;
			}
			$this->close();
		}

		if ( '' === $this->socket_path || ! file_exists( $this->socket_path ) ) {
			return Arshline_Sidecar_Errors::client_error( 'DAEMON_UNAVAILABLE', $locale, 'socket ' . $this->socket_path . ' does not exist' );
		}

		$errno   = 0;
		$errstr  = '';
		$address = 'unix://' . $this->socket_path;
		$timeout = $this->connect_timeout;
		$conn    = $this->guard(
			function () use ( $address, $timeout, &$errno, &$errstr ) {
				return stream_socket_client( $address, $errno, $errstr, $timeout, STREAM_CLIENT_CONNECT );
			}
		);
		if ( ! is_resource( $conn ) ) {
			$detail = trim( $errstr . ' ' . implode( '; ', $this->php_errors ) );
			return Arshline_Sidecar_Errors::client_error( 'DAEMON_UNAVAILABLE', $locale, 'connect ' . $this->socket_path . ': ' . $detail );
		}
		stream_set_blocking( $conn, true );
		$this->conn = $conn;
		return $conn;
	}

	/**
	 * Writes all bytes before the deadline.
	 *
	 * @param string $bytes    Bytes to send.
	 * @param float  $deadline microtime(true) after which the call fails.
	 * @param string $locale   Reader's locale.
	 * @return true|WP_Error
	 */
	private function write_all( $bytes, $deadline, $locale ) {
		$conn  = $this->conn;
		$total = strlen( $bytes );
		$done  = 0;
		while ( $done < $total ) {
			$left = $deadline - microtime( true );
			if ( $left <= 0 ) {
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_TIMEOUT', $locale, 'write timed out' );
			}
			$this->set_timeout( $left );
			$chunk = 0 === $done ? $bytes : substr( $bytes, $done );
			$n     = $this->guard(
				function () use ( $conn, $chunk ) {
					return fwrite( $conn, $chunk ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
				}
			);
			$meta = stream_get_meta_data( $conn );
			if ( ! empty( $meta['timed_out'] ) ) {
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_TIMEOUT', $locale, 'write timed out' );
			}
			if ( false === $n || 0 === $n ) {
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_UNAVAILABLE', $locale, 'write failed: ' . implode( '; ', $this->php_errors ) );
			}
			$done += $n;
		}
		return true;
	}

	/**
	 * Reads one newline-terminated line before the deadline, at most
	 * max_response_bytes long.
	 *
	 * @param float  $deadline microtime(true) after which the call fails.
	 * @param string $locale   Reader's locale.
	 * @return string|WP_Error The line without its newline.
	 */
	private function read_line( $deadline, $locale ) {
		$conn = $this->conn;
		$buf  = '';
		while ( true ) {
			$left = $deadline - microtime( true );
			if ( $left <= 0 ) {
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_TIMEOUT', $locale, 'read timed out' );
			}
			$this->set_timeout( $left );
			$chunk = $this->guard(
				function () use ( $conn ) {
					return fgets( $conn, self::READ_CHUNK + 1 );
				}
			);
			$meta = stream_get_meta_data( $conn );
			if ( ! empty( $meta['timed_out'] ) ) {
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_TIMEOUT', $locale, 'read timed out' );
			}
			if ( false === $chunk || '' === $chunk ) {
				if ( '' !== $buf ) {
					return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'connection closed in the middle of an answer' );
				}
				return Arshline_Sidecar_Errors::client_error( 'DAEMON_UNAVAILABLE', $locale, 'connection closed before an answer' );
			}
			$buf .= $chunk;
			if ( strlen( $buf ) > $this->max_response_bytes + 1 ) {
				return Arshline_Sidecar_Errors::client_error( 'RESPONSE_TOO_LARGE', $locale, 'answer longer than ' . $this->max_response_bytes . ' bytes' );
			}
			if ( "\n" === substr( $chunk, -1 ) ) {
				$line = rtrim( $buf, "\r\n" );
				if ( strlen( $line ) > $this->max_response_bytes ) {
					return Arshline_Sidecar_Errors::client_error( 'RESPONSE_TOO_LARGE', $locale, 'answer longer than ' . $this->max_response_bytes . ' bytes' );
				}
				if ( '' === trim( $line ) ) {
					$buf = '';
					continue;
				}
				return $line;
			}
		}
	}

	/**
	 * Decodes one answer line.
	 *
	 * @param string $line    The answer.
	 * @param int    $id      The id the request carried.
	 * @param string $locale  Reader's locale.
	 * @param bool   $objects Decode JSON objects as stdClass.
	 * @return mixed|WP_Error
	 */
	private function decode( $line, $id, $locale, $objects ) {
		$msg = json_decode( $line, ! $objects, 512, JSON_BIGINT_AS_STRING );
		if ( JSON_ERROR_NONE !== json_last_error() ) {
			$this->close();
			return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'invalid JSON: ' . json_last_error_msg() );
		}
		if ( $objects ) {
			if ( ! is_object( $msg ) ) {
				$this->close();
				return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer is not a JSON object' );
			}
			$has_result = property_exists( $msg, 'result' );
			$error      = isset( $msg->error ) ? json_decode( json_encode( $msg->error ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
			$answer_id  = isset( $msg->id ) ? $msg->id : null;
			$version    = isset( $msg->jsonrpc ) ? $msg->jsonrpc : null;
			$result     = $has_result ? $msg->result : null;
		} else {
			if ( ! is_array( $msg ) ) {
				$this->close();
				return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer is not a JSON object' );
			}
			$has_result = array_key_exists( 'result', $msg );
			$error      = isset( $msg['error'] ) ? $msg['error'] : null;
			$answer_id  = isset( $msg['id'] ) ? $msg['id'] : null;
			$version    = isset( $msg['jsonrpc'] ) ? $msg['jsonrpc'] : null;
			$result     = $has_result ? $msg['result'] : null;
		}

		if ( '2.0' !== $version ) {
			$this->close();
			return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer is not JSON-RPC 2.0' );
		}
		if ( is_array( $error ) ) {
			if ( null !== $answer_id && $answer_id !== $id ) {
				$this->close();
				return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer id does not match the request' );
			}
			$mapped = Arshline_Sidecar_Errors::from_rpc_error( $error, $locale );
			if ( null === $answer_id || 'UNAVAILABLE' === $mapped->get_error_data()['error'] ) {
				// The daemon closes a connection after a protocol error or
				// when it is too busy: do not reuse it.
				$this->close();
			}
			return $mapped;
		}
		if ( $answer_id !== $id ) {
			$this->close();
			return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer id does not match the request' );
		}
		if ( ! $has_result ) {
			$this->close();
			return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', $locale, 'the answer has neither result nor error' );
		}
		return $result;
	}

	/**
	 * Applies the time left to the stream's read/write timeout.
	 *
	 * @param float $seconds Seconds left.
	 */
	private function set_timeout( $seconds ) {
		$whole = (int) floor( $seconds );
		$micro = (int) ( ( $seconds - $whole ) * 1000000 );
		if ( 0 === $whole && 0 === $micro ) {
			$micro = 1000;
		}
		stream_set_timeout( $this->conn, $whole, $micro );
	}

	/**
	 * Runs a stream operation with PHP's warnings and notices captured into
	 * $this->php_errors instead of printed, so failures become WP_Error
	 * values and never reach the page or the log as PHP warnings.
	 *
	 * @param callable $operation The operation.
	 * @return mixed What the operation returned.
	 */
	private function guard( callable $operation ) {
		$this->php_errors = array();
		$errors           = &$this->php_errors;
		set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
			function ( $errno, $errstr ) use ( &$errors ) {
				$errors[] = $errstr;
				return true;
			}
		);
		try {
			return $operation();
		} finally {
			restore_error_handler();
		}
	}
}
