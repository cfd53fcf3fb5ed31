<?php
/**
 * The public form: the arshline/form block, the [arshline_form id="…"]
 * shortcode and a direct link per form (/?arshline_form=TOKEN), rendered
 * in PHP so that a form works without JavaScript; the plain POST that
 * sends it; the respondent's actor, the hashed client address and the
 * notification mail of each accepted submission.
 *
 * Without JavaScript the form posts to the page it is on: the POST is
 * handled on template_redirect, before the theme prints anything, so that
 * an accepted submission can be answered with a 303 to the thank-you state
 * and a refused one with the page itself, its status (422, 410, 429, 503)
 * and the form re-rendered with what was typed and each field's message.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Block, shortcode, link, POST handler and helpers of the public form.
 */
final class Arshline_Sidecar_Public {

	const QUERY_VAR              = 'arshline_form';
	const DONE_VAR               = 'arshline_done';
	const HANDLE                 = 'arshline-sidecar-public';
	const OPTION_SECRET          = 'arshline_sidecar_ip_secret';
	const OPTION_PROXY           = 'arshline_sidecar_client_ip_header';
	const OPTION_TRUSTED_PROXIES = 'arshline_sidecar_trusted_proxies';
	const CHUNK_BYTES            = 262144;

	/**
	 * Refusal reasons that mean the page's form token will not do: a
	 * fresh one is fetched (the script) or printed (the page drawn again).
	 */
	const STALE_TOKEN = array( 'form_token_invalid', 'form_token_expired', 'form_token_used', 'form_token_superseded' );

	/**
	 * What the POST of this request came to, by form token: values,
	 * errors, status_message, idempotency (see handle_post()).
	 *
	 * @var array<string, array>
	 */
	private static $posted = array();

	/**
	 * The title of the last form rendered: the direct link's page title.
	 *
	 * @var string
	 */
	private static $title = '';

	/**
	 * Hooks the public side.
	 */
	public static function boot() {
		add_action( 'init', array( __CLASS__, 'register' ) );
		add_filter( 'query_vars', array( __CLASS__, 'query_vars' ) );
		add_action( 'template_redirect', array( __CLASS__, 'template_redirect' ), 1 );
		add_action( 'wp_enqueue_scripts', array( __CLASS__, 'enqueue_for_page' ) );
		Arshline_Sidecar_Public_Privacy::boot();
	}

	/**
	 * Enqueues the stylesheet and script in the head on pages known to show
	 * a form (a form rendered elsewhere, in a widget say, gets them in the
	 * footer through enqueue()).
	 */
	public static function enqueue_for_page() {
		$token = get_query_var( self::QUERY_VAR );
		if ( self::page_has_form() || ( is_string( $token ) && '' !== $token ) ) {
			self::enqueue();
		}
	}

	/**
	 * Registers the block, the shortcode, the script and the stylesheet.
	 */
	public static function register() {
		$base  = plugins_url( '', ARSHLINE_SIDECAR_FILE ) . '/';
		$asset = is_file( ARSHLINE_SIDECAR_DIR . 'build/public.asset.php' ) ? require ARSHLINE_SIDECAR_DIR . 'build/public.asset.php' : array(
			'dependencies' => array(),
			'version'      => ARSHLINE_SIDECAR_VERSION,
		);
		wp_register_script( self::HANDLE, $base . 'build/public.js', $asset['dependencies'], $asset['version'], true );
		wp_register_style( self::HANDLE, $base . 'build/public.css', array(), $asset['version'] );
		add_shortcode( 'arshline_form', array( __CLASS__, 'shortcode' ) );
		if ( function_exists( 'register_block_type' ) ) {
			register_block_type( ARSHLINE_SIDECAR_DIR . 'blocks/form', array( 'render_callback' => array( __CLASS__, 'render_block' ) ) );
		}
	}

	/**
	 * Registers the visitor's REST routes alone: their rows of the route
	 * table (Arshline_Sidecar_Rest registers the whole table on
	 * rest_api_init).
	 */
	public static function register_routes() {
		Arshline_Sidecar_Routes::register( 'public' );
	}

	/**
	 * Adds the direct link's query var.
	 *
	 * @param string[] $vars Query vars.
	 * @return string[]
	 */
	public static function query_vars( $vars ) {
		$vars[] = self::QUERY_VAR;
		return $vars;
	}

	/**
	 * The actor of a respondent: nobody, with no capability, whoever is
	 * logged in — a form is answered the same by everyone.
	 *
	 * @param string $locale fa_IR or en_US.
	 * @return array
	 */
	public static function respondent_actor( $locale = '' ) {
		return array(
			'user_id' => 0,
			'caps'    => array(),
			'locale'  => '' !== $locale ? $locale : Arshline_Sidecar_Plugin::locale(),
			'site_id' => (int) get_current_blog_id(),
		);
	}

	/**
	 * The actor the plugin itself uses to read what only admins see (the
	 * notification addresses): no user, the forms capability, this site.
	 *
	 * @return array
	 */
	public static function system_actor() {
		return array(
			'user_id' => 0,
			'caps'    => array( Arshline_Sidecar_Plugin::CAP ),
			'locale'  => Arshline_Sidecar_Plugin::locale(),
			'site_id' => (int) get_current_blog_id(),
		);
	}

	/**
	 * Calls the daemon as a respondent; results as arrays.
	 *
	 * @param string       $method Method.
	 * @param array|object $params Parameters.
	 * @param string       $locale Locale.
	 * @return mixed|WP_Error
	 */
	public static function call( $method, $params, $locale = '' ) {
		$result = Arshline_Sidecar_Plugin::client()->call( $method, $params, self::respondent_actor( $locale ) );
		Arshline_Sidecar_Plugin::note_availability( $result );
		return $result;
	}

	/**
	 * The daemon's code of an error ('' for a result).
	 *
	 * @param mixed $result A call's result.
	 * @return string
	 */
	public static function error_code( $result ) {
		if ( ! is_wp_error( $result ) ) {
			return '';
		}
		$data = $result->get_error_data();
		return is_array( $data ) && isset( $data['error'] ) ? (string) $data['error'] : 'INTERNAL';
	}

	/**
	 * Whether an error means the daemon could not be reached or answered.
	 *
	 * @param string $code Domain code.
	 * @return bool
	 */
	public static function is_down( $code ) {
		return in_array( $code, array( 'DAEMON_UNAVAILABLE', 'DAEMON_TIMEOUT', 'UNAVAILABLE', 'BAD_RESPONSE', 'INTERNAL' ), true );
	}

	/**
	 * The client's address: REMOTE_ADDR, or, when an administrator named
	 * the header a trusted proxy sets (option arshline_sidecar_client_ip_header,
	 * e.g. HTTP_X_FORWARDED_FOR) and the request came from a trusted proxy,
	 * the rightmost address of that header no trusted proxy wrote: the
	 * hops before it are the visitor's to write. The trusted proxies are
	 * the option arshline_sidecar_trusted_proxies (addresses and CIDR
	 * ranges, separated by spaces, commas or lines); without it REMOTE_ADDR
	 * is the one trusted proxy. Then the filter arshline_sidecar_client_ip.
	 *
	 * @return string
	 */
	public static function client_ip() {
		$ip     = isset( $_SERVER['REMOTE_ADDR'] ) ? trim( (string) wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared as an address below.
		$header = (string) get_option( self::OPTION_PROXY, '' );
		if ( '' !== $header && preg_match( '/^HTTP_[A-Z0-9_]+$/', $header ) && isset( $_SERVER[ $header ] ) ) {
			$trusted = preg_split( '/[\s,]+/', (string) get_option( self::OPTION_TRUSTED_PROXIES, '' ), -1, PREG_SPLIT_NO_EMPTY );
			if ( empty( $trusted ) ) {
				$trusted = array( $ip );
			}
			if ( self::in_ranges( $ip, $trusted ) ) {
				$hops = array_reverse( array_map( 'trim', explode( ',', (string) wp_unslash( $_SERVER[ $header ] ) ) ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- validated as addresses below.
				$last = '';
				foreach ( $hops as $hop ) {
					if ( false === filter_var( $hop, FILTER_VALIDATE_IP ) ) {
						break;
					}
					$last = $hop;
					if ( ! self::in_ranges( $hop, $trusted ) ) {
						break;
					}
				}
				if ( '' !== $last ) {
					$ip = $last;
				}
			}
		}
		/**
		 * Filters the respondent's address before it is hashed.
		 *
		 * @param string $ip The address.
		 */
		$ip = (string) apply_filters( 'arshline_sidecar_client_ip', $ip );
		return false !== filter_var( $ip, FILTER_VALIDATE_IP ) ? $ip : '';
	}

	/**
	 * Whether an address lies in one of the ranges (addresses or CIDR).
	 *
	 * @param string   $ip     The address.
	 * @param string[] $ranges The ranges.
	 * @return bool
	 */
	public static function in_ranges( $ip, $ranges ) {
		$addr = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a bad address is false.
		if ( false === $addr ) {
			return false;
		}
		foreach ( $ranges as $range ) {
			$parts = explode( '/', $range, 2 );
			$net   = @inet_pton( $parts[0] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a bad range matches nothing.
			if ( false === $net || strlen( $net ) !== strlen( $addr ) ) {
				continue;
			}
			$bits = isset( $parts[1] ) && ctype_digit( $parts[1] ) ? (int) $parts[1] : 8 * strlen( $net );
			if ( $bits > 8 * strlen( $net ) ) {
				continue;
			}
			$bytes = intdiv( $bits, 8 );
			if ( substr( $addr, 0, $bytes ) !== substr( $net, 0, $bytes ) ) {
				continue;
			}
			$rest = $bits % 8;
			if ( 0 === $rest || ( ( ord( $addr[ $bytes ] ) ^ ord( $net[ $bytes ] ) ) & ( 0xff << ( 8 - $rest ) ) & 0xff ) === 0 ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The address hashed before it leaves PHP: HMAC-SHA256 under a secret
	 * of this site (an option made once, never shown), so that the daemon
	 * never learns an address and another site's hashes do not match. An
	 * IPv6 address is hashed by its /64, which one subscriber holds whole
	 * (so that its 2^64 addresses are one client to every limit), and an
	 * IPv4-mapped one as the IPv4 address it is.
	 *
	 * @param string|null $ip Address (the client's when null).
	 * @return string 64 hex digits, or '' without an address.
	 */
	public static function ip_hash( $ip = null ) {
		$ip = null === $ip ? self::client_ip() : (string) $ip;
		if ( '' === $ip ) {
			return '';
		}
		return hash_hmac( 'sha256', self::client_key( $ip ), self::secret() );
	}

	/**
	 * What an address is counted by: an IPv4 address itself, an IPv6
	 * address its /64 ("2001:db8:1:2::/64").
	 *
	 * @param string $ip The address.
	 * @return string
	 */
	public static function client_key( $ip ) {
		$bin = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- not an address: kept as it is.
		if ( false === $bin || 16 !== strlen( $bin ) ) {
			return $ip;
		}
		if ( 0 === strncmp( $bin, str_repeat( "\0", 10 ) . "\xff\xff", 12 ) ) {
			return (string) inet_ntop( substr( $bin, 12 ) );
		}
		return inet_ntop( substr( $bin, 0, 8 ) . str_repeat( "\0", 8 ) ) . '/64';
	}

	/**
	 * The site's secret of address hashes, made on first use.
	 *
	 * @return string
	 */
	public static function secret() {
		$secret = get_option( self::OPTION_SECRET, '' );
		if ( ! is_string( $secret ) || strlen( $secret ) < 32 ) {
			$secret = bin2hex( random_bytes( 32 ) );
			update_option( self::OPTION_SECRET, $secret, false );
		}
		return $secret;
	}

	/**
	 * What the daemon is told of the client.
	 *
	 * @return array
	 */
	public static function client() {
		$agent  = isset( $_SERVER['HTTP_USER_AGENT'] ) ? substr( sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ), 0, 256 ) : '';
		$client = array( 'ip_hash' => self::ip_hash() );
		if ( '' !== $agent ) {
			$client['user_agent'] = $agent;
		}
		return $client;
	}

	/**
	 * The shortcode [arshline_form id="12"] (or token="…").
	 *
	 * @param array|string $atts Attributes.
	 * @return string
	 */
	public static function shortcode( $atts ) {
		$atts = shortcode_atts(
			array(
				'id'    => 0,
				'token' => '',
				'font'  => '',
			),
			is_array( $atts ) ? $atts : array(),
			'arshline_form'
		);
		return self::render_form( (int) $atts['id'], (string) $atts['token'], '', (string) $atts['font'] );
	}

	/**
	 * The block's server rendering.
	 *
	 * @param array $attributes Block attributes (formId).
	 * @return string
	 */
	public static function render_block( $attributes ) {
		$id   = isset( $attributes['formId'] ) ? (int) $attributes['formId'] : 0;
		$font = isset( $attributes['font'] ) && is_string( $attributes['font'] ) ? $attributes['font'] : '';
		return $id > 0 ? self::render_form( $id, '', '', $font ) : '';
	}

	/**
	 * One form by id or token: the form, its thank-you state, or a notice.
	 * A form that is not published renders nothing for visitors and a
	 * notice for those who manage forms.
	 *
	 * @param int    $id     Form id (0 when the token names it).
	 * @param string $token  Public token.
	 * @param string $action The URL the form posts to (the current page when empty).
	 * @param string $font   'vazirmatn' for the plugin's own Vazirmatn, '' for the theme's font.
	 * @return string
	 */
	public static function render_form( $id, $token, $action = '', $font = '' ) {
		// The notices drawn in place of a form speak the reader's language;
		// the form itself speaks its own (the renderer switches to it).
		return Arshline_Sidecar_Plugin::in_locale(
			Arshline_Sidecar_Plugin::locale(),
			function () use ( $id, $token, $action, $font ) {
				return self::form_or_notice( $id, $token, $action, $font );
			}
		);
	}

	/**
	 * What render_form() draws, in the current locale.
	 *
	 * @param int    $id     Form id (0 when the token names it).
	 * @param string $token  Public token.
	 * @param string $action The URL the form posts to.
	 * @param string $font   'vazirmatn' or ''.
	 * @return string
	 */
	private static function form_or_notice( $id, $token, $action, $font ) {
		$fa     = Arshline_Sidecar_Errors::is_persian( Arshline_Sidecar_Plugin::locale() );
		$params = $id > 0 ? array( 'id' => (int) $id ) : array( 'token' => (string) $token );
		if ( $id <= 0 && ! preg_match( '/^[A-Za-z0-9_-]{1,128}$/', (string) $token ) ) {
			return '';
		}
		$form = self::call( 'forms.public', $params );
		$code = self::error_code( $form );
		if ( 'FORM_CLOSED' === $code || 'NOT_FOUND' === $code || 'INVALID_PARAMS' === $code ) {
			if ( current_user_can( Arshline_Sidecar_Plugin::CAP ) ) {
				return Arshline_Sidecar_Public_Renderer::notice( __( 'This form is not published, is closed or does not exist; visitors see nothing here. (Only those who manage forms see this notice.)', 'arshline-sidecar' ), $fa );
			}
			return '';
		}
		if ( '' !== $code ) {
			if ( ! empty( self::$posted ) ) {
				// The POST of this request could not be sent either: say so, and
				// how to get the answers back (the form cannot be drawn again
				// without the daemon; the browser keeps what was typed).
				return Arshline_Sidecar_Public_Renderer::notice( __( 'Your answers were not sent and were not saved. Use your browser\'s back button to return to the form with your answers, and send it again in a moment.', 'arshline-sidecar' ), $fa );
			}
			return Arshline_Sidecar_Public_Renderer::notice( __( 'This form is not available right now. Try again in a moment.', 'arshline-sidecar' ), $fa );
		}
		self::enqueue();
		self::$title = isset( $form['title'] ) ? (string) $form['title'] : '';
		$renderer    = new Arshline_Sidecar_Public_Renderer( $form );
		$done     = self::done_receipt( (string) $form['token'] );
		if ( null !== $done ) {
			return $renderer->thank_you( $done['tracking_code'], $done['thank_you'] );
		}
		$state           = isset( self::$posted[ $form['token'] ] ) ? self::$posted[ $form['token'] ] : array();
		$state['action'] = '' !== $action ? $action : self::current_url();
		$state['font']   = $font;
		return $renderer->render( $state );
	}

	/**
	 * Enqueues the script and the stylesheet (printed in the footer when a
	 * form is rendered inside the content).
	 */
	public static function enqueue() {
		if ( function_exists( 'wp_enqueue_script' ) && function_exists( 'did_action' ) && did_action( 'init' ) ) {
			wp_enqueue_script( self::HANDLE );
			wp_enqueue_style( self::HANDLE );
		}
	}

	/**
	 * The URL of this request without the plugin's own query args.
	 *
	 * @return string
	 */
	public static function current_url() {
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		return remove_query_arg( array( self::DONE_VAR ), home_url( $uri ) );
	}

	/**
	 * The receipt the arshline_done query arg names, if it is this form's.
	 * The receipt lives in a transient under a random 128-bit id for ten
	 * minutes: only the respondent who was redirected there knows the id,
	 * and the page's HTML holds no code of anyone else.
	 *
	 * @param string $token Public token of the form being rendered.
	 * @return array|null tracking_code, thank_you
	 */
	private static function done_receipt( $token ) {
		$rid = isset( $_GET[ self::DONE_VAR ] ) ? sanitize_key( wp_unslash( $_GET[ self::DONE_VAR ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a random id, read only.
		if ( ! preg_match( '/^[a-f0-9]{32}$/', $rid ) ) {
			return null;
		}
		$receipt = get_transient( 'arshline_done_' . $rid );
		if ( ! is_array( $receipt ) || ! isset( $receipt['token'] ) || $receipt['token'] !== $token ) {
			return null;
		}
		return $receipt;
	}

	/**
	 * Keeps a receipt for the thank-you page and returns its id.
	 *
	 * @param string $token   Public token.
	 * @param array  $receipt submissions.submit's result.
	 * @return string
	 */
	public static function keep_receipt( $token, array $receipt ) {
		$rid = bin2hex( random_bytes( 16 ) );
		set_transient(
			'arshline_done_' . $rid,
			array(
				'token'         => (string) $token,
				'tracking_code' => isset( $receipt['tracking_code'] ) ? (string) $receipt['tracking_code'] : '',
				'thank_you'     => isset( $receipt['thank_you'] ) ? (string) $receipt['thank_you'] : '',
			),
			10 * MINUTE_IN_SECONDS
		);
		return $rid;
	}

	/**
	 * Before the theme prints: the no-JavaScript POST and the direct link.
	 *
	 * A page that shows a form is left cacheable: its HTML is the same for
	 * every visitor but for the form token, which a cached copy shares and
	 * the script replaces when it is stale or refused. What is per visitor
	 * is never cached: the answer to a POST and the thank-you page.
	 */
	public static function template_redirect() {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- anonymous forms: the daemon's form token, issued at page load, is the check.
		if ( 'POST' === $method && isset( $_POST['arshline_submit'] ) ) {
			$result = self::handle_post( wp_unslash( $_POST ), $_FILES ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- answers go to the daemon as typed; it validates and normalises them.
			if ( isset( $result['redirect'] ) ) {
				nocache_headers();
				wp_safe_redirect( $result['redirect'], 303 );
				exit;
			}
			nocache_headers();
			status_header( $result['status'] );
			if ( ! empty( $result['retry_after'] ) ) {
				header( 'Retry-After: ' . (int) $result['retry_after'] );
			}
		}
		// phpcs:enable
		if ( isset( $_GET[ self::DONE_VAR ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only decides the headers.
			nocache_headers();
		}
		$token = get_query_var( self::QUERY_VAR );
		if ( is_string( $token ) && '' !== $token ) {
			self::render_link_page( $token );
			exit;
		}
	}

	/**
	 * Whether the page being served holds the block or the shortcode (its
	 * script and stylesheet are then printed in the head).
	 *
	 * @return bool
	 */
	public static function page_has_form() {
		if ( ! is_singular() ) {
			return false;
		}
		$post = get_post();
		if ( ! $post ) {
			return false;
		}
		return has_shortcode( $post->post_content, 'arshline_form' ) || ( function_exists( 'has_block' ) && has_block( 'arshline/form', $post ) );
	}

	/**
	 * The document title of the direct link: the form's title, then the
	 * site's name.
	 *
	 * @return string
	 */
	public static function link_title() {
		$site = function_exists( 'get_bloginfo' ) ? (string) get_bloginfo( 'name', 'display' ) : '';
		return '' === self::$title ? $site : ( '' === $site ? self::$title : self::$title . ' – ' . $site );
	}

	/**
	 * The direct link's page: the form inside the theme's header and footer,
	 * titled by the form.
	 *
	 * @param string $token Public token.
	 */
	private static function render_link_page( $token ) {
		// The link is the form's own page: set in the plugin's Vazirmatn,
		// which has Persian and Latin letters alike.
		$html = self::render_form( 0, $token, '', 'vazirmatn' );
		if ( '' === $html ) {
			status_header( 404 );
		}
		add_filter( 'pre_get_document_title', array( __CLASS__, 'link_title' ) );
		if ( function_exists( 'wp_is_block_theme' ) && wp_is_block_theme() ) {
			// A block theme has no header.php: print a minimal document of its
			// own styles. Its title tag comes from its block templates, which
			// this page does not use, so the page prints its own.
			echo '<!doctype html><html ' . get_language_attributes() . '><head><meta charset="' . esc_attr( get_bloginfo( 'charset' ) ) . '"><meta name="viewport" content="width=device-width, initial-scale=1">'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's own attributes.
			if ( ! current_theme_supports( 'title-tag' ) ) {
				echo '<title>' . esc_html( self::link_title() ) . '</title>';
			}
			wp_head();
			echo '</head><body class="arshline-form-page"><main class="arshline-form-page__main">' . $html . '</main>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built escaped by the renderer.
			wp_footer();
			echo '</body></html>';
			return;
		}
		get_header();
		echo '<main class="arshline-form-page__main">' . $html . '</main>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built escaped by the renderer.
		get_footer();
	}

	/**
	 * Handles the plain POST of a form.
	 *
	 * @param array $post  The POST fields, unslashed.
	 * @param array $files $_FILES.
	 * @return array redirect (accepted), or status, retry_after and the
	 *               state the form is re-rendered with.
	 */
	public static function handle_post( array $post, array $files = array() ) {
		$token  = isset( $post['arshline_submit'] ) && is_string( $post['arshline_submit'] ) ? $post['arshline_submit'] : '';
		$form   = preg_match( '/^[A-Za-z0-9_-]{1,128}$/', $token ) ? self::call( 'forms.public', array( 'token' => $token ) ) : Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', 'en_US' );
		$locale = is_array( $form ) && isset( $form['locale'] ) && is_string( $form['locale'] ) ? $form['locale'] : '';
		// The answer to a POST speaks the form's language, else the site's.
		return Arshline_Sidecar_Plugin::in_locale(
			$locale,
			function () use ( $post, $files, $token, $form ) {
				return self::answer_post( $post, $files, $token, $form );
			}
		);
	}

	/**
	 * What handle_post() answers, in the current locale.
	 *
	 * @param array          $post  The POST fields, unslashed.
	 * @param array          $files $_FILES.
	 * @param string         $token Public token.
	 * @param array|WP_Error $form  forms.public's result.
	 * @return array
	 */
	private static function answer_post( array $post, array $files, $token, $form ) {
		$fa    = Arshline_Sidecar_Errors::is_persian( Arshline_Sidecar_Plugin::locale() );
		$typed = isset( $post['arshline'] ) && is_array( $post['arshline'] ) ? $post['arshline'] : array();
		$state = array(
			'values'      => $typed,
			'errors'      => array(),
			'idempotency' => isset( $post['arshline_idempotency'] ) && is_string( $post['arshline_idempotency'] ) ? substr( $post['arshline_idempotency'], 0, 128 ) : '',
		);
		if ( is_wp_error( $form ) ) {
			return self::refused( $token, $form, $state, $fa );
		}
		$form_token = isset( $post['arshline_form_token'] ) && is_string( $post['arshline_form_token'] ) ? $post['arshline_form_token'] : '';
		$otp        = self::otp_from_post( $post );
		$state['otp'] = array();
		foreach ( $otp as $field => $code ) {
			$state['otp'][ $field ] = array(
				'sent' => true,
				'code' => $code,
			);
		}
		if ( isset( $post['arshline_otp_send'] ) && is_string( $post['arshline_otp_send'] ) ) {
			// The first of the two steps without the script: text the code,
			// and draw the page again with the code's input.
			return self::otp_step( $token, $form_token, $post['arshline_otp_send'], $typed, $state, $fa );
		}
		$answers    = self::answers_from_post( $form, $typed );
		$uploads    = self::upload_files( $form, $form_token, $files );
		if ( is_wp_error( $uploads ) ) {
			return self::refused( $token, $uploads, $state, $fa );
		}
		foreach ( $uploads as $field => $list ) {
			$answers[ $field ] = $list;
		}
		$receipt = empty( $answers ) ? self::nothing_answered( $form ) : self::submit( $token, $answers, $form_token, $state['idempotency'], isset( $post['arshline_hp'] ) && is_string( $post['arshline_hp'] ) ? $post['arshline_hp'] : '', '', $otp );
		if ( is_wp_error( $receipt ) ) {
			return self::refused( $token, $receipt, $state, $fa );
		}
		$rid = self::keep_receipt( $token, $receipt );
		return array(
			'redirect' => add_query_arg( self::DONE_VAR, $rid, self::current_url() ),
			'receipt'  => $receipt,
		);
	}

	/**
	 * The codes typed for mobile questions verified by SMS, by field id.
	 *
	 * @param array $post The POST fields, unslashed.
	 * @return array<string, string>
	 */
	public static function otp_from_post( array $post ) {
		$out = array();
		if ( isset( $post['arshline_otp'] ) && is_array( $post['arshline_otp'] ) ) {
			foreach ( $post['arshline_otp'] as $field => $code ) {
				if ( is_string( $field ) && preg_match( '/^[A-Za-z][A-Za-z0-9_-]{0,63}$/', $field ) && is_string( $code ) && '' !== trim( $code ) && count( $out ) < 20 ) {
					$out[ $field ] = substr( trim( $code ), 0, 32 );
				}
			}
		}
		return $out;
	}

	/**
	 * Asks the daemon to text a code to the number typed for a mobile
	 * question verified by SMS (submissions.otp.send).
	 *
	 * @param string $token      Public token.
	 * @param string $form_token The form token of the respondent's page.
	 * @param string $field      The question's id.
	 * @param string $mobile     The number as typed.
	 * @return array|WP_Error {sent, retry_after_sec, expires_in_sec, tries, mobile}
	 */
	public static function send_otp( $token, $form_token, $field, $mobile ) {
		return self::call(
			'submissions.otp.send',
			array(
				'token'      => (string) $token,
				'form_token' => (string) $form_token,
				'field'      => (string) $field,
				'mobile'     => (string) $mobile,
				'client'     => self::client(),
			)
		);
	}

	/**
	 * The page drawn again after "send the code" without the script: the
	 * code's input shown, and what happened said under the question.
	 *
	 * @param string $token      Public token.
	 * @param string $form_token The form token of the respondent's page.
	 * @param string $field      The question's id.
	 * @param array  $typed      arshline[...] of the POST.
	 * @param array  $state      The state the page is drawn with.
	 * @param bool   $fa         Whether the form speaks Persian.
	 * @return array status, retry_after and state
	 */
	private static function otp_step( $token, $form_token, $field, array $typed, array $state, $fa ) {
		$mobile = isset( $typed[ $field ] ) && is_string( $typed[ $field ] ) ? $typed[ $field ] : '';
		$sent   = self::send_otp( $token, $form_token, $field, $mobile );
		$out    = array( 'status' => 200 );
		$otp    = isset( $state['otp'][ $field ] ) ? $state['otp'][ $field ] : array( 'code' => '' );
		if ( is_wp_error( $sent ) ) {
			$data = $sent->get_error_data();
			$code = self::error_code( $sent );
			$out['status'] = 'RATE_LIMIT' === $code ? 429 : ( 'UNAVAILABLE' === $code ? 503 : 422 );
			if ( 'RATE_LIMIT' === $code ) {
				$out['retry_after'] = isset( $data['retry_after'] ) ? max( 1, (int) $data['retry_after'] ) : 60;
			}
			$message = '';
			foreach ( isset( $data['fields'] ) && is_array( $data['fields'] ) ? $data['fields'] : array() as $item ) {
				if ( is_array( $item ) && isset( $item['field'] ) && $item['field'] === $field ) {
					$message = (string) ( $fa ? ( $item['message_fa'] ?? '' ) : ( $item['message_en'] ?? '' ) );
				}
			}
			if ( '' === $message ) {
				$message = (string) ( $fa ? ( $data['message_fa'] ?? $sent->get_error_message() ) : ( $data['message_en'] ?? $sent->get_error_message() ) );
			}
			$state['errors'][ $field ] = $message;
		} else {
			$minutes        = max( 1, (int) ceil( ( isset( $sent['expires_in_sec'] ) ? (int) $sent['expires_in_sec'] : 300 ) / 60 ) );
			$to             = isset( $sent['mobile'] ) ? (string) $sent['mobile'] : '';
			$otp['sent']    = true;
			$otp['message'] = sprintf(
				/* translators: 1: mobile number, 2: minutes. */
				__( 'A code was texted to %1$s; it is valid for %2$s minutes. Type it in the "verification code" box and send the form.', 'arshline-sidecar' ),
				Arshline_Sidecar_Public_Renderer::digits( $to, $fa ),
				Arshline_Sidecar_Public_Renderer::digits( (string) $minutes, $fa )
			);
		}
		$state['otp'][ $field ] = $otp;
		self::$posted[ $token ] = $state;
		$out['state']           = $state;
		return $out;
	}

	/**
	 * The refusal of a form sent with no answer at all, in the daemon's
	 * shape and words: each required question shown without a condition
	 * needs an answer (the daemon takes no empty submission to judge).
	 *
	 * @param array $form forms.public's result.
	 * @return WP_Error INVALID_SUBMISSION
	 */
	public static function nothing_answered( array $form ) {
		$fields = array();
		foreach ( Arshline_Sidecar_Public_Renderer::fields( $form ) as $field ) {
			if ( ! empty( $field['required'] ) && empty( $field['show_if'] ) && in_array( $field['type'], Arshline_Sidecar_Public_Renderer::ANSWERABLE, true ) ) {
				$fields[] = array(
					'field'      => $field['id'],
					'code'       => 'required',
					'message_fa' => 'به این پرسش پاسخ دهید',
					'message_en' => 'Please answer this question',
				);
			}
		}
		if ( ! $fields ) {
			$fields[] = array(
				'field'      => '',
				'code'       => 'required',
				'message_fa' => 'دست‌کم به یک پرسش پاسخ دهید.',
				'message_en' => 'Answer at least one question.',
			);
		}
		$fa = Arshline_Sidecar_Errors::is_persian( isset( $form['locale'] ) ? (string) $form['locale'] : Arshline_Sidecar_Plugin::locale() );
		return new WP_Error(
			Arshline_Sidecar_Errors::wp_code( 'INVALID_SUBMISSION' ),
			Arshline_Sidecar_Plugin::in_locale(
				$fa ? 'fa_IR' : 'en_US',
				function () {
					return __( 'Some answers are missing.', 'arshline-sidecar' );
				}
			),
			array(
				'status'     => 422,
				'error'      => 'INVALID_SUBMISSION',
				'message_fa' => 'پاسخ‌ها کامل نیست.',
				'message_en' => 'Some answers are missing.',
				'fields'     => $fields,
			)
		);
	}

	/**
	 * Sends answers to submissions.submit, then the notification mail.
	 *
	 * @param string $token       Public token.
	 * @param array  $answers     Field id => answer.
	 * @param string $form_token  The form token of the respondent's page.
	 * @param string $idempotency Idempotency key.
	 * @param string $honeypot    The honeypot input's value.
	 * @param string $locale      Locale.
	 * @param array  $otp         Codes texted to mobile numbers, by field id.
	 * @return array|WP_Error
	 */
	public static function submit( $token, array $answers, $form_token, $idempotency, $honeypot, $locale = '', array $otp = array() ) {
		$params = array(
			'token'      => (string) $token,
			'answers'    => empty( $answers ) ? new stdClass() : $answers,
			'form_token' => (string) $form_token,
			'client'     => self::client(),
		);
		if ( '' !== (string) $idempotency ) {
			// The key printed in a page a cache kept is every visitor's:
			// keyed with the visitor's hashed address, a resend of one
			// visitor is one submission and two visitors are two.
			$params['idempotency_key'] = hash_hmac( 'sha256', substr( (string) $idempotency, 0, 128 ), $params['client']['ip_hash'] );
		}
		if ( '' !== (string) $honeypot ) {
			$params['honeypot'] = (string) $honeypot;
		}
		if ( $otp ) {
			$params['otp'] = $otp;
		}
		$receipt = self::call( 'submissions.submit', $params, $locale );
		if ( ! is_wp_error( $receipt ) ) {
			// The daemon owes the form's mails with the submission; they
			// leave at WP-cron's next run.
			Arshline_Sidecar_Public_Mail::after_submit();
		}
		return $receipt;
	}

	/**
	 * What a refused POST re-renders: each field's message in the form's
	 * language, or one message for the form, and the page's status.
	 *
	 * @param string   $token Public token.
	 * @param WP_Error $error The refusal.
	 * @param array    $state Values typed.
	 * @param bool     $fa    Whether the form speaks Persian.
	 * @return array
	 */
	private static function refused( $token, WP_Error $error, array $state, $fa ) {
		$data = $error->get_error_data();
		$code = self::error_code( $error );
		$out  = array( 'status' => 503 );
		$whole = self::form_reason( $data );
		if ( 'too_fast' === $whole ) {
			// Not an answer to fix: the form was sent sooner than a person
			// reads it. Say how long to wait; the answers stay.
			$wait                    = isset( $data['retry_after'] ) ? max( 1, (int) $data['retry_after'] ) : 3;
			$out['status']           = 429;
			$out['retry_after']      = $wait;
			/* translators: %s: seconds to wait. */
			$state['status_message'] = sprintf( __( 'The form was sent sooner than a person reads it. Send it again in %s seconds; your answers are still here.', 'arshline-sidecar' ), Arshline_Sidecar_Public_Renderer::digits( (string) $wait, $fa ) );
		} elseif ( in_array( $whole, self::STALE_TOKEN, true ) ) {
			// The page's form token was old, used or of an earlier version:
			// the page drawn again carries a fresh one.
			$out['status']           = 409;
			$state['status_message'] = __( 'This page was out of date and the form was not sent. Your answers are still here; check them and send again.', 'arshline-sidecar' );
		} elseif ( 'INVALID_SUBMISSION' === $code ) {
			$out['status'] = 422;
			foreach ( isset( $data['fields'] ) && is_array( $data['fields'] ) ? $data['fields'] : array() as $item ) {
				if ( ! is_array( $item ) || ! isset( $item['field'] ) ) {
					continue;
				}
				$message = $fa ? ( $item['message_fa'] ?? '' ) : ( $item['message_en'] ?? '' );
				$field   = (string) $item['field'];
				if ( ! isset( $state['errors'][ $field ] ) ) {
					$state['errors'][ $field ] = (string) $message;
				}
			}
			if ( empty( $state['errors'] ) ) {
				$state['errors'][''] = $error->get_error_message();
			}
		} elseif ( 'FORM_CLOSED' === $code ) {
			$out['status']           = 410;
			$state['status_message'] = __( 'This form no longer takes answers.', 'arshline-sidecar' );
		} elseif ( 'RATE_LIMIT' === $code ) {
			$out['status']           = 429;
			$out['retry_after']      = isset( $data['retry_after'] ) ? (int) $data['retry_after'] : 1;
			$state['status_message'] = __( 'Too many attempts. Send again in a moment; your answers are still here.', 'arshline-sidecar' );
		} elseif ( 'TOO_LARGE' === $code ) {
			$out['status']           = 413;
			$state['status_message'] = $error->get_error_message();
		} else {
			$state['status_message'] = __( 'The form could not be sent right now and your answers were not saved. Try again in a moment; your answers are still here.', 'arshline-sidecar' );
		}
		// A new key: the refused send was no submission, the next one is.
		$state['idempotency']   = Arshline_Sidecar_Public_Renderer::random_key();
		self::$posted[ $token ] = $state;
		$out['state']           = $state;
		$out['code']            = $code;
		return $out;
	}

	/**
	 * The reason of a refusal about the form as a whole (the field "" of
	 * INVALID_SUBMISSION), when that is its only reason.
	 *
	 * @param mixed $data The error's data.
	 * @return string
	 */
	public static function form_reason( $data ) {
		$fields = is_array( $data ) && isset( $data['fields'] ) && is_array( $data['fields'] ) ? $data['fields'] : array();
		if ( 1 !== count( $fields ) || ! is_array( $fields[0] ) || ( isset( $fields[0]['field'] ) && '' !== $fields[0]['field'] ) ) {
			return '';
		}
		return isset( $fields[0]['code'] ) && is_string( $fields[0]['code'] ) ? $fields[0]['code'] : '';
	}

	/**
	 * The answers of a plain POST, by the document's types: what was typed
	 * is sent as typed (the daemon normalises digits and letters); choices
	 * as their values; a matrix as row text => column text; nothing for
	 * what was left blank.
	 *
	 * @param array $form  forms.public's result.
	 * @param array $typed arshline[...] of the POST.
	 * @return array
	 */
	public static function answers_from_post( array $form, array $typed ) {
		$answers = array();
		foreach ( Arshline_Sidecar_Public_Renderer::fields( $form ) as $field ) {
			$id = $field['id'];
			if ( ! array_key_exists( $id, $typed ) ) {
				continue;
			}
			$value = $typed[ $id ];
			switch ( $field['type'] ) {
				case 'checkbox':
					$list = array_values( array_filter( (array) $value, 'is_string' ) );
					if ( $list ) {
						$answers[ $id ] = $list;
					}
					break;
				case 'matrix':
					$rows = isset( $field['rows'] ) && is_array( $field['rows'] ) ? array_values( $field['rows'] ) : array();
					$cols = isset( $field['cols'] ) && is_array( $field['cols'] ) ? array_values( $field['cols'] ) : array();
					$out  = array();
					foreach ( (array) $value as $r => $c ) {
						if ( isset( $rows[ (int) $r ] ) && is_string( $c ) && ctype_digit( $c ) && isset( $cols[ (int) $c ] ) ) {
							$out[ (string) $rows[ (int) $r ] ] = (string) $cols[ (int) $c ];
						}
					}
					if ( $out ) {
						$answers[ $id ] = $out;
					}
					break;
				case 'rating':
					if ( is_string( $value ) && ctype_digit( $value ) ) {
						$answers[ $id ] = (int) $value;
					}
					break;
				case 'section':
				case 'html':
				case 'file':
					break;
				default:
					if ( is_string( $value ) && '' !== trim( $value ) ) {
						$answers[ $id ] = $value;
					}
			}
		}
		return $answers;
	}

	/**
	 * Sends the files of a plain POST through submissions.upload, in
	 * chunks of 256 KiB, and returns each file field's upload references.
	 *
	 * @param array  $form       forms.public's result.
	 * @param string $form_token The page's form token.
	 * @param array  $files      $_FILES.
	 * @return array|WP_Error field id => [{upload_id}]
	 */
	public static function upload_files( array $form, $form_token, array $files ) {
		$out = array();
		foreach ( Arshline_Sidecar_Public_Renderer::fields( $form ) as $field ) {
			$key = 'arshline_file_' . $field['id'];
			if ( 'file' !== $field['type'] || ! isset( $files[ $key ] ) || ! is_array( $files[ $key ] ) || ! isset( $files[ $key ]['tmp_name'] ) ) {
				continue;
			}
			// PHP builds $_FILES from the request's field names, so its shape
			// is the sender's to choose: only strings (one file) or flat lists
			// of strings (name[]) are files, anything else is skipped.
			$entry = $files[ $key ];
			$tmp   = (array) $entry['tmp_name'];
			$names = isset( $entry['name'] ) ? (array) $entry['name'] : array();
			$errs  = isset( $entry['error'] ) ? (array) $entry['error'] : array();
			foreach ( $tmp as $i => $path ) {
				if ( ! is_string( $path ) || ! isset( $errs[ $i ] ) || ! is_scalar( $errs[ $i ] ) || UPLOAD_ERR_OK !== (int) $errs[ $i ] || ! is_uploaded_file( $path ) ) {
					continue;
				}
				$name = isset( $names[ $i ] ) && is_string( $names[ $i ] ) ? $names[ $i ] : '';
				$id   = self::upload_file( (string) $form['token'], $form_token, $field['id'], $name, $path );
				if ( is_wp_error( $id ) ) {
					return $id;
				}
				$out[ $field['id'] ][] = array( 'upload_id' => $id );
			}
		}
		return $out;
	}

	/**
	 * Sends one file through submissions.upload and returns its upload id.
	 *
	 * @param string $token      Public token.
	 * @param string $form_token The page's form token.
	 * @param string $field      File field id.
	 * @param string $name       File name on the respondent's device.
	 * @param string $path       File on this server.
	 * @return string|WP_Error
	 */
	public static function upload_file( $token, $form_token, $field, $name, $path ) {
		$size   = (int) filesize( $path );
		$handle = fopen( $path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- read in chunks.
		if ( false === $handle ) {
			return Arshline_Sidecar_Errors::client_error( 'BAD_RESPONSE', Arshline_Sidecar_Plugin::locale() );
		}
		$upload_id = '';
		$offset    = 0;
		do {
			$chunk  = $size > 0 ? (string) fread( $handle, self::CHUNK_BYTES ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fread
			$final  = $offset + strlen( $chunk ) >= $size;
			$params = array(
				'token'      => $token,
				'form_token' => $form_token,
				'field'      => $field,
				'name'       => $name,
				'size'       => $size,
				'offset'     => $offset,
				'data'       => base64_encode( $chunk ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the daemon's chunk encoding.
				'final'      => $final,
				'client'     => self::client(),
			);
			if ( '' !== $upload_id ) {
				$params['upload_id'] = $upload_id;
			}
			$result = self::call( 'submissions.upload', $params );
			if ( is_wp_error( $result ) ) {
				fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
				return $result;
			}
			$upload_id = (string) $result['upload_id'];
			$offset   += strlen( $chunk );
		} while ( ! $final && '' !== $chunk );
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		return $upload_id;
	}
}
