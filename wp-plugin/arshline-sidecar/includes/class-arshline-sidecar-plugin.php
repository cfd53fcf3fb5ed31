<?php
/**
 * Plugin wiring: options, language, the acting user and the shared client.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Options, locale, actor and client of the plugin.
 */
final class Arshline_Sidecar_Plugin {

	const TEXT_DOMAIN     = 'arshline-sidecar';
	const OPTION_SOCKET   = 'arshline_sidecar_socket';
	const OPTION_LANGUAGE = 'arshline_sidecar_language';
	const DEFAULT_SOCKET  = '/run/arshline/arshlined.sock';
	const UNAVAILABLE_KEY = 'arshline_sidecar_unavailable';

	/**
	 * The version of the daemon's RPC surface this plugin is written for
	 * (system.health's protocol). A daemon speaking another one gets an
	 * admin notice naming both versions and which to upgrade.
	 */
	const PROTOCOL = 1;

	/**
	 * The plugin's language setting's choices; "site" follows the site's
	 * language. A user's own profile language wins over the setting.
	 */
	const LANGUAGES = array( 'fa_IR', 'en_US', 'site' );

	/**
	 * The shared client of this PHP request.
	 *
	 * @var Arshline_Sidecar_Client|null
	 */
	private static $client = null;

	/**
	 * The capability of managing forms: building, editing, publishing,
	 * undoing one's own changes. Administrators hold it; manage_options
	 * is forwarded to the daemon only for what is the site owner's
	 * (OPTIONS_METHODS), so one admin cannot undo another's changes or
	 * read another's Hosha2 requests through the forms pages.
	 */
	const CAP = 'manage_arshline_forms';

	/**
	 * The locales switch_locale() entered, innermost last: [locale, whether
	 * WordPress itself switched].
	 *
	 * @var array<int, array{0: string, 1: bool}>
	 */
	private static $switched = array();

	/**
	 * Daemon methods called with manage_options forwarded.
	 */
	const OPTIONS_METHODS = array( 'audit.list', 'model.get', 'model.probe', 'model.configure', 'system.status', 'webhooks.secret', 'sms.settings.get', 'sms.settings.set', 'sms.test', 'sms.credit' );

	/**
	 * Hooks the plugin into WordPress.
	 */
	public static function boot() {
		add_action( 'init', array( __CLASS__, 'grant_capability' ) );
		add_filter( 'plugin_locale', array( __CLASS__, 'filter_plugin_locale' ), 10, 2 );
		add_filter( 'load_textdomain_mofile', array( __CLASS__, 'filter_mofile' ), 10, 2 );
		add_filter( 'load_script_translation_file', array( __CLASS__, 'filter_script_translation_file' ), 10, 3 );
		add_action( 'init', array( __CLASS__, 'load_textdomain' ) );
		add_action( 'rest_api_init', array( 'Arshline_Sidecar_Rest', 'register_routes' ) );
		add_filter( 'rest_post_dispatch', array( 'Arshline_Sidecar_Rest', 'send_nonstandard_status' ), 999, 3 );
		if ( is_admin() ) {
			Arshline_Sidecar_Admin::boot();
		}
	}

	/**
	 * Gives administrators the forms capability, once: on activation and,
	 * for sites that activated an earlier release or whose roles were
	 * reset, on the first request that finds it missing.
	 */
	public static function grant_capability() {
		$role = get_role( 'administrator' );
		if ( $role && ! $role->has_cap( self::CAP ) ) {
			$role->add_cap( self::CAP );
		}
	}

	/**
	 * Loads the plugin's translations in the plugin's language.
	 */
	public static function load_textdomain() {
		load_plugin_textdomain( self::TEXT_DOMAIN, false, dirname( plugin_basename( ARSHLINE_SIDECAR_FILE ) ) . '/languages' );
	}

	/**
	 * Points every load of this plugin's catalogue at the plugin's language.
	 * WordPress also loads catalogues just in time in the site's language;
	 * without this, an English choice on a Persian site would still load
	 * the Persian catalogue.
	 *
	 * @param string $mofile Path WordPress is about to load.
	 * @param string $domain Text domain.
	 * @return string
	 */
	public static function filter_mofile( $mofile, $domain ) {
		if ( self::TEXT_DOMAIN !== $domain ) {
			return $mofile;
		}
		return dirname( $mofile ) . '/' . self::TEXT_DOMAIN . '-' . self::locale() . '.mo';
	}

	/**
	 * Points the admin script's translations at the plugin's language, as
	 * filter_mofile() does for PHP: WordPress names the JSON after the
	 * user's locale (determine_locale()), which an English choice on a
	 * Persian site, or Persian on an English one, does not follow.
	 *
	 * @param string|false $file   Path WordPress is about to load.
	 * @param string       $handle Script handle.
	 * @param string       $domain Text domain.
	 * @return string|false
	 */
	public static function filter_script_translation_file( $file, $handle, $domain ) {
		if ( self::TEXT_DOMAIN !== $domain || ! is_string( $file ) ) {
			return $file;
		}
		// Every admin page's script shares the admin catalogue.
		if ( 0 === strpos( $handle, Arshline_Sidecar_Admin::SCRIPT . '-' ) ) {
			$handle = Arshline_Sidecar_Admin::SCRIPT;
		}
		return dirname( __DIR__ ) . '/languages/' . self::TEXT_DOMAIN . '-' . self::locale() . '-' . $handle . '.json';
	}

	/**
	 * Makes WordPress load this plugin's translations in the plugin's own
	 * language (Persian unless the administrator chose otherwise).
	 *
	 * @param string $locale Locale WordPress would use.
	 * @param string $domain Text domain being loaded.
	 * @return string
	 */
	public static function filter_plugin_locale( $locale, $domain ) {
		return self::TEXT_DOMAIN === $domain ? self::locale() : $locale;
	}

	/**
	 * The socket path: the ARSHLINE_SIDECAR_SOCKET constant wins over the
	 * option, which wins over the default.
	 *
	 * @return string
	 */
	public static function socket_path() {
		if ( defined( 'ARSHLINE_SIDECAR_SOCKET' ) && is_string( ARSHLINE_SIDECAR_SOCKET ) && '' !== ARSHLINE_SIDECAR_SOCKET ) {
			return ARSHLINE_SIDECAR_SOCKET;
		}
		$path = get_option( self::OPTION_SOCKET, '' );
		return ( is_string( $path ) && '' !== $path ) ? $path : self::DEFAULT_SOCKET;
	}

	/**
	 * Whether the socket path is fixed by the constant.
	 *
	 * @return bool
	 */
	public static function socket_is_constant() {
		return defined( 'ARSHLINE_SIDECAR_SOCKET' ) && is_string( ARSHLINE_SIDECAR_SOCKET ) && '' !== ARSHLINE_SIDECAR_SOCKET;
	}

	/**
	 * The plugin's language for the current user, fa_IR or en_US: the
	 * language the user chose in their WordPress profile, else the
	 * plugin's language setting, the site's default for its pages (Persian
	 * unless the administrator chose otherwise; "site" follows the site's
	 * language).
	 *
	 * @return string
	 */
	public static function locale() {
		if ( self::$switched ) {
			return end( self::$switched )[0];
		}
		$own = '';
		if ( function_exists( 'get_current_user_id' ) && function_exists( 'get_user_meta' ) && get_current_user_id() ) {
			$own = get_user_meta( get_current_user_id(), 'locale', true );
		}
		if ( is_string( $own ) && '' !== $own ) {
			return self::normalize_locale( $own );
		}
		return self::site_locale();
	}

	/**
	 * The site's default language for the plugin's pages and mails, fa_IR
	 * or en_US: the plugin's language setting (Persian unless the
	 * administrator chose otherwise; "site" follows the site's language).
	 *
	 * @return string
	 */
	public static function site_locale() {
		$choice = get_option( self::OPTION_LANGUAGE, 'fa_IR' );
		if ( 'site' === $choice ) {
			$choice = get_locale();
		}
		return self::normalize_locale( $choice );
	}

	/**
	 * fa_IR for Persian, an empty or unreadable choice included, else en_US.
	 *
	 * @param mixed $choice A locale.
	 * @return string
	 */
	private static function normalize_locale( $choice ) {
		return Arshline_Sidecar_Errors::is_persian( $choice ) || ! is_string( $choice ) || '' === $choice ? 'fa_IR' : 'en_US';
	}

	/**
	 * Switches WordPress and this plugin's catalogue to a locale — a form's,
	 * for its public page and its mails, whatever the visitor's or the
	 * administrator's own language — until restore_locale(). Calls nest.
	 * WordPress switches only to installed languages; the plugin's own
	 * catalogue follows the locale either way.
	 *
	 * @param string $locale A locale; empty for the site's default.
	 */
	public static function switch_locale( $locale ) {
		$locale           = '' === (string) $locale ? self::site_locale() : self::normalize_locale( (string) $locale );
		$core             = function_exists( 'switch_to_locale' ) && switch_to_locale( $locale );
		self::$switched[] = array( $locale, $core );
		self::reload_textdomain();
	}

	/**
	 * Undoes the last switch_locale().
	 */
	public static function restore_locale() {
		$last = array_pop( self::$switched );
		if ( null === $last ) {
			return;
		}
		if ( $last[1] && function_exists( 'restore_previous_locale' ) ) {
			restore_previous_locale();
		}
		self::reload_textdomain();
	}

	/**
	 * A callable's result with the locale switched around it.
	 *
	 * @param string   $locale A locale; empty for the site's default.
	 * @param callable $fn     The work.
	 * @return mixed
	 */
	public static function in_locale( $locale, callable $fn ) {
		self::switch_locale( $locale );
		try {
			return $fn();
		} finally {
			self::restore_locale();
		}
	}

	/**
	 * Loads the plugin's catalogue in locale(): a switch of WordPress's
	 * locale unloads it, and WordPress finds it again only in the global
	 * languages directory.
	 */
	private static function reload_textdomain() {
		if ( ! function_exists( 'load_textdomain' ) ) {
			return;
		}
		unload_textdomain( self::TEXT_DOMAIN );
		if ( 'en_US' !== self::locale() ) {
			load_textdomain( self::TEXT_DOMAIN, dirname( __DIR__ ) . '/languages/' . self::TEXT_DOMAIN . '-' . self::locale() . '.mo' );
		}
	}

	/**
	 * Whether the plugin's language is written right to left.
	 *
	 * @return bool
	 */
	public static function is_rtl() {
		return 'fa_IR' === self::locale();
	}

	/**
	 * The actor sent with every daemon call, taken from the logged-in
	 * WordPress user and never from the HTTP request. site_id is the
	 * current site (blog) of a multisite network, 1 on a single site: the
	 * daemon shows each site its own forms only.
	 *
	 * @return array{user_id: int, caps: string[], locale: string, site_id: int}
	 */
	public static function actor( $with_options = false ) {
		$candidates = array( self::CAP, 'read' );
		if ( $with_options ) {
			$candidates[] = 'manage_options';
		}
		/**
		 * Filters the capabilities the plugin forwards to the daemon when the
		 * current user holds them.
		 *
		 * @param string[] $caps         Capability names.
		 * @param bool     $with_options Whether the call is one of the site
		 *                               owner's (OPTIONS_METHODS).
		 */
		$candidates = apply_filters( 'arshline_sidecar_actor_caps', $candidates, $with_options );
		$caps       = array();
		foreach ( (array) $candidates as $cap ) {
			if ( is_string( $cap ) && current_user_can( $cap ) ) {
				$caps[] = $cap;
			}
		}
		return array(
			'user_id' => (int) get_current_user_id(),
			'caps'    => $caps,
			'locale'  => self::locale(),
			'site_id' => (int) get_current_blog_id(),
		);
	}

	/**
	 * The client of this PHP request.
	 *
	 * @return Arshline_Sidecar_Client
	 */
	public static function client() {
		if ( null === self::$client || self::$client->socket_path() !== self::socket_path() ) {
			/**
			 * Filters the client options (connect_timeout, timeout, max_response_bytes).
			 *
			 * @param array $options Client options.
			 */
			$options      = apply_filters( 'arshline_sidecar_client_options', array() );
			self::$client = new Arshline_Sidecar_Client( self::socket_path(), is_array( $options ) ? $options : array() );
		}
		return self::$client;
	}

	/**
	 * Calls the daemon as the current user and records whether it answered,
	 * so that an unreachable daemon shows an admin notice.
	 *
	 * @param string       $method  Daemon method.
	 * @param array|object $params  Parameters.
	 * @param float        $timeout Seconds allowed.
	 * @return mixed|WP_Error
	 */
	public static function call( $method, $params = array(), $timeout = 0.0 ) {
		$options = array( 'objects' => true );
		if ( $timeout > 0 ) {
			$options['timeout'] = $timeout;
		}
		$result = self::client()->call( $method, $params, self::actor( in_array( $method, self::OPTIONS_METHODS, true ) ), $options );
		self::note_availability( $result );
		if ( 'system.health' === $method && ! is_wp_error( $result ) ) {
			Arshline_Sidecar_Diagnostics::remember_health( $result );
		}
		return $result;
	}

	/**
	 * Remembers for a few minutes that the daemon could not be reached, and
	 * forgets it as soon as a call gets through.
	 *
	 * @param mixed $result A call's result.
	 */
	public static function note_availability( $result ) {
		if ( is_wp_error( $result ) ) {
			$data = $result->get_error_data();
			$code = is_array( $data ) && isset( $data['error'] ) ? $data['error'] : '';
			if ( in_array( $code, array( 'DAEMON_UNAVAILABLE', 'DAEMON_TIMEOUT' ), true ) ) {
				set_transient(
					self::UNAVAILABLE_KEY,
					array(
						'time'   => time(),
						'socket' => self::socket_path(),
						'detail' => isset( $data['detail'] ) ? (string) $data['detail'] : '',
					),
					10 * MINUTE_IN_SECONDS
				);
			}
			return;
		}
		static $cleared = false;
		if ( ! $cleared ) {
			$cleared = true;
			if ( false !== get_transient( self::UNAVAILABLE_KEY ) ) {
				delete_transient( self::UNAVAILABLE_KEY );
			}
		}
	}
}
