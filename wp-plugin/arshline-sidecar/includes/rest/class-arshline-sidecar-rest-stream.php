<?php
/**
 * A download the daemon hands out in pages (a submission's file, an
 * export), sent to the browser page by page: each page is written and
 * flushed before the next is asked for, so PHP never holds more than one.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The body of a streamed REST response.
 */
final class Arshline_Sidecar_REST_Stream {

	/**
	 * Types a browser could run or render as a page: sent as
	 * application/octet-stream whatever was stored.
	 */
	const ACTIVE_TYPES = array(
		'text/html',
		'application/xhtml+xml',
		'image/svg+xml',
		'text/xml',
		'application/xml',
		'text/javascript',
		'application/javascript',
		'application/x-javascript',
		'application/ecmascript',
		'text/ecmascript',
		'application/x-httpd-php',
		'text/x-php',
		'application/x-php',
		'text/vnd.wap.wml',
		'application/vnd.ms-htmlhelp',
	);

	/**
	 * The first page, already read (so that a refusal is still an error
	 * response rather than a broken download).
	 *
	 * @var object
	 */
	private $first;

	/**
	 * Reads the page after a page: page => next page, WP_Error, or null
	 * when the page was the last.
	 *
	 * @var callable
	 */
	private $next;

	/**
	 * Pages written so far, and the bytes.
	 *
	 * @var int[]
	 */
	private $sent = array(
		'pages' => 0,
		'bytes' => 0,
	);

	/**
	 * A stream.
	 *
	 * @param object   $first The first page ({data: base64, …}).
	 * @param callable $next  Page → next page, WP_Error or null.
	 */
	public function __construct( $first, callable $next ) {
		$this->first = $first;
		$this->next  = $next;
	}

	/**
	 * The first page.
	 *
	 * @return object
	 */
	public function first() {
		return $this->first;
	}

	/**
	 * Pages and bytes written.
	 *
	 * @return int[]
	 */
	public function sent() {
		return $this->sent;
	}

	/**
	 * Writes every page with $write (echo and flush by default). A failure
	 * after the first page can no longer change the status: the download
	 * stops short, and the error goes to the PHP log.
	 *
	 * @param callable|null $write Bytes → void.
	 * @return true|WP_Error
	 */
	public function send( $write = null ) {
		if ( null === $write ) {
			$write = array( __CLASS__, 'echo_and_flush' );
		}
		$page = $this->first;
		// Bounded by the daemon's pages; a stuck export ends with its own error.
		for ( $calls = 0; $calls < 1000000; $calls++ ) {
			$bytes = isset( $page->data ) && is_string( $page->data ) ? base64_decode( $page->data, true ) : '';
			if ( false === $bytes ) {
				return self::broken( new WP_Error( 'arshline_bad_page', 'a page of the download is not base64' ) );
			}
			if ( '' !== $bytes ) {
				call_user_func( $write, $bytes );
				++$this->sent['pages'];
				$this->sent['bytes'] += strlen( $bytes );
			}
			$page = call_user_func( $this->next, $page );
			if ( null === $page ) {
				return true;
			}
			if ( is_wp_error( $page ) ) {
				return self::broken( $page );
			}
			if ( '' === $bytes && empty( $page->data ) ) {
				// An XLSX still being built: the daemon answers empty pages meanwhile.
				usleep( 100000 );
			}
		}
		return self::broken( new WP_Error( 'arshline_endless', 'the download did not end' ) );
	}

	/**
	 * Logs a download that stopped short.
	 *
	 * @param WP_Error $error The failure.
	 * @return WP_Error
	 */
	private static function broken( $error ) {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the response is already under way.
		error_log( 'arshline-sidecar: a download stopped short: ' . $error->get_error_message() );
		return $error;
	}

	/**
	 * Writes bytes to the browser at once.
	 *
	 * @param string $bytes Bytes.
	 */
	public static function echo_and_flush( $bytes ) {
		echo $bytes; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a file download, not HTML.
		if ( ob_get_level() > 0 ) {
			ob_flush();
		}
		flush();
	}

	/**
	 * A response that rest_pre_serve_request (serve()) streams: WordPress
	 * sends its status and headers first.
	 *
	 * @param Arshline_Sidecar_REST_Stream $stream  The body.
	 * @param array                        $headers Headers.
	 * @return WP_REST_Response
	 */
	public static function response( Arshline_Sidecar_REST_Stream $stream, array $headers ) {
		$headers += array(
			'X-Content-Type-Options'  => 'nosniff',
			'Content-Security-Policy' => "default-src 'none'; sandbox",
			'Cache-Control'           => 'no-store, private',
			'X-Robots-Tag'            => 'noindex',
		);
		return new WP_REST_Response( $stream, 200, $headers );
	}

	/**
	 * rest_pre_serve_request: writes a stream's pages instead of JSON.
	 *
	 * @param bool             $served  Whether the request was served.
	 * @param WP_HTTP_Response $result  The response.
	 * @param WP_REST_Request  $request The request.
	 * @param WP_REST_Server   $server  The server.
	 * @return bool
	 */
	public static function serve( $served, $result, $request, $server ) {
		if ( $served || ! $result instanceof WP_HTTP_Response || ! $result->get_data() instanceof self ) {
			return $served;
		}
		// The headers are sent; WordPress's no-cache headers would come after the body.
		add_filter( 'rest_send_nocache_headers', '__return_false', 999 );
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		if ( function_exists( 'set_time_limit' ) ) {
			set_time_limit( 0 );
		}
		$result->get_data()->send();
		return true;
	}

	/**
	 * A Content-Type safe to send for a stored type: the type when it is
	 * well formed and inert, application/octet-stream otherwise.
	 *
	 * @param mixed $mime The stored type.
	 * @return string
	 */
	public static function safe_type( $mime ) {
		$mime = is_string( $mime ) ? strtolower( trim( $mime ) ) : '';
		if ( ! preg_match( '#^[a-z0-9][a-z0-9!\#$&^_.+-]*/[a-z0-9][a-z0-9!\#$&^_.+-]*$#', $mime ) ) {
			return 'application/octet-stream';
		}
		if ( in_array( $mime, self::ACTIVE_TYPES, true ) || false !== strpos( $mime, 'script' ) || '+xml' === substr( $mime, -4 ) ) {
			return 'application/octet-stream';
		}
		return $mime;
	}

	/**
	 * Content-Disposition: attachment with an ASCII filename and the
	 * UTF-8 name as filename*, both without a path, quotes or controls.
	 *
	 * @param mixed  $name     The name the respondent's device gave, or the daemon's.
	 * @param string $fallback A name when nothing of it is left.
	 * @return string
	 */
	public static function disposition( $name, $fallback = 'download' ) {
		$name = is_string( $name ) ? $name : '';
		if ( function_exists( 'mb_check_encoding' ) && ! mb_check_encoding( $name, 'UTF-8' ) ) {
			$name = '';
		}
		$name = str_replace( '\\', '/', $name );
		$name = substr( $name, strrpos( '/' . $name, '/' ) );
		// Controls (C0, DEL, C1), bidi overrides and isolates, quotes.
		$name = (string) preg_replace( '/[\x00-\x1F\x7F"\x{0080}-\x{009F}\x{200E}\x{200F}\x{202A}-\x{202E}\x{2066}-\x{2069}]/u', '', $name );
		$name = trim( $name, " .\t" );
		if ( function_exists( 'mb_substr' ) ) {
			$name = mb_substr( $name, 0, 150, 'UTF-8' );
		}
		if ( '' === $name ) {
			$name = $fallback;
		}
		$ext  = preg_match( '/\.[A-Za-z0-9]{1,10}$/', $name, $m ) ? $m[0] : '';
		$stem = trim( (string) preg_replace( '/[^A-Za-z0-9_-]+/', '_', substr( $name, 0, strlen( $name ) - strlen( $ext ) ) ), '_' );
		$ascii = ( '' === $stem ? $fallback : $stem ) . $ext;
		return 'attachment; filename="' . $ascii . '"; filename*=UTF-8\'\'' . rawurlencode( $name );
	}
}
