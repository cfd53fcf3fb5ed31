<?php
/**
 * Tells why WordPress cannot use the arshlined socket, and what fixes it:
 * no socket at the path, a socket PHP's user may not open (with that user
 * and the socket's owner and mode), no service listening, the service
 * refusing PHP's user, versions that do not work together, or all well.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The connection diagnosis and what the plugin knows of the daemon.
 */
final class Arshline_Sidecar_Diagnostics {

	/**
	 * Transient: what the daemon last said of itself (version, protocol),
	 * for the version notice on every admin page without a call each time.
	 */
	const DAEMON_KEY = 'arshline_sidecar_daemon';

	/**
	 * How long the daemon's versions are trusted before asking again.
	 */
	const DAEMON_TTL = HOUR_IN_SECONDS;

	/**
	 * Seconds the test allows the daemon to answer.
	 */
	const TIMEOUT = 3.0;

	/**
	 * Diagnoses of this PHP request, by socket path.
	 *
	 * @var array<string, array>
	 */
	private static $cache = array();

	/**
	 * Diagnoses the socket at $path: the first thing that stands in the way,
	 * or "ok"/"mismatch" with the daemon's health.
	 *
	 * @param string $path  Socket path.
	 * @param bool   $fresh Ask again even if this request already did.
	 * @return array{status: string, socket: string, php_user: array, detail: string, owner?: array, health?: array, daemon_version?: string, daemon_protocol?: int|null}
	 */
	public static function probe( $path, $fresh = false ) {
		$path = (string) $path;
		if ( ! $fresh && isset( self::$cache[ $path ] ) ) {
			return self::$cache[ $path ];
		}
		$result = self::diagnose( $path );
		self::remember( $result );
		self::$cache[ $path ] = $result;
		return $result;
	}

	/**
	 * The diagnosis itself.
	 *
	 * @param string $path Socket path.
	 * @return array
	 */
	private static function diagnose( $path ) {
		$out = array(
			'status'   => 'error',
			'socket'   => $path,
			'php_user' => self::php_user(),
			'detail'   => '',
			'time'     => time(),
		);
		clearstatcache( true, $path );
		$dir = dirname( $path );
		if ( '' === $path || '/' !== $path[0] ) {
			$out['status'] = 'missing';
			return $out;
		}
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a missing or hidden path is an answer here, not a warning.
		$stat = @stat( $path );
		if ( false === $stat ) {
			// A directory PHP's user may not enter hides the socket: that is
			// a permission problem, not a missing socket.
			if ( @is_dir( $dir ) && ! @is_executable( $dir ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
				$out['status'] = 'permission';
				$out['owner']  = self::owner( $dir );
				$out['where']  = 'directory';
				return $out;
			}
			$out['status'] = 'missing';
			return $out;
		}
		$out['owner'] = self::owner( $path );
		if ( 0140000 !== ( $stat['mode'] & 0170000 ) ) {
			$out['status'] = 'not_socket';
			return $out;
		}

		// Open the socket once by hand: the errno tells permission (EACCES)
		// from nobody listening (ECONNREFUSED), which the client folds into
		// one "unavailable".
		$errno  = 0;
		$errstr = '';
		set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler
			function ( $no, $str ) use ( &$errstr ) {
				$errstr = '' === $errstr ? $str : $errstr;
				return true;
			}
		);
		try {
			$conn = stream_socket_client( 'unix://' . $path, $errno, $errstr, 2.0 );
		} finally {
			restore_error_handler();
		}
		if ( ! is_resource( $conn ) ) {
			$out['detail'] = trim( $errstr );
			if ( 13 === $errno || false !== stripos( $errstr, 'permission denied' ) ) {
				$out['status'] = 'permission';
				$out['where']  = 'socket';
			} elseif ( 111 === $errno || false !== stripos( $errstr, 'connection refused' ) ) {
				$out['status'] = 'not_listening';
			} elseif ( 2 === $errno || false !== stripos( $errstr, 'no such file' ) ) {
				$out['status'] = 'missing';
			}
			return $out;
		}
		fclose( $conn ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose

		$client = new Arshline_Sidecar_Client( $path, array( 'timeout' => self::TIMEOUT ) );
		$health = $client->call( 'system.health', array(), Arshline_Sidecar_Plugin::actor(), array( 'timeout' => self::TIMEOUT ) );
		$client->close();
		if ( is_wp_error( $health ) ) {
			$data          = $health->get_error_data();
			$code          = is_array( $data ) && isset( $data['error'] ) ? (string) $data['error'] : '';
			$out['detail'] = $health->get_error_message();
			if ( 'FORBIDDEN' === $code ) {
				// system.health needs no capability: a refusal is the
				// socket's peer check turning PHP's user away.
				$out['status'] = 'refused';
			} elseif ( 'DAEMON_TIMEOUT' === $code ) {
				$out['status'] = 'timeout';
			}
			return $out;
		}
		$health                 = is_array( $health ) ? $health : array();
		$out['health']          = $health;
		$out['daemon_version']  = isset( $health['version'] ) && is_scalar( $health['version'] ) ? (string) $health['version'] : '';
		$out['daemon_protocol'] = isset( $health['protocol'] ) && is_int( $health['protocol'] ) ? $health['protocol'] : null;
		$out['status']          = Arshline_Sidecar_Plugin::PROTOCOL === $out['daemon_protocol'] ? 'ok' : 'mismatch';
		return $out;
	}

	/**
	 * Keeps what a diagnosis learned for the admin notices: the daemon's
	 * versions when it answered, the unavailable notice when it did not.
	 *
	 * @param array $result A diagnosis.
	 */
	private static function remember( array $result ) {
		if ( $result['socket'] !== Arshline_Sidecar_Plugin::socket_path() ) {
			return;
		}
		if ( isset( $result['health'] ) ) {
			self::remember_health( $result['health'] );
			delete_transient( Arshline_Sidecar_Plugin::UNAVAILABLE_KEY );
			return;
		}
		delete_transient( self::DAEMON_KEY );
		set_transient(
			Arshline_Sidecar_Plugin::UNAVAILABLE_KEY,
			array(
				'time'   => time(),
				'socket' => $result['socket'],
				'status' => $result['status'],
				'detail' => $result['detail'],
			),
			10 * MINUTE_IN_SECONDS
		);
	}

	/**
	 * Keeps the versions a system.health answer carries.
	 *
	 * @param array|object $health system.health's result.
	 */
	public static function remember_health( $health ) {
		$health = (array) $health;
		set_transient(
			self::DAEMON_KEY,
			array(
				'socket'   => Arshline_Sidecar_Plugin::socket_path(),
				'version'  => isset( $health['version'] ) && is_scalar( $health['version'] ) ? (string) $health['version'] : '',
				'protocol' => isset( $health['protocol'] ) && is_int( $health['protocol'] ) ? $health['protocol'] : null,
			),
			self::DAEMON_TTL
		);
	}

	/**
	 * What the plugin knows of the daemon at the current socket: asks it
	 * when nothing recent is known and it is not known to be down.
	 *
	 * @return array{version: string, protocol: int|null}|null Null while it cannot be reached.
	 */
	public static function known_daemon() {
		$known = get_transient( self::DAEMON_KEY );
		if ( is_array( $known ) && isset( $known['socket'] ) && Arshline_Sidecar_Plugin::socket_path() === $known['socket'] ) {
			return $known;
		}
		$down = get_transient( Arshline_Sidecar_Plugin::UNAVAILABLE_KEY );
		if ( is_array( $down ) && isset( $down['socket'] ) && Arshline_Sidecar_Plugin::socket_path() === $down['socket'] ) {
			return null;
		}
		$result = self::probe( Arshline_Sidecar_Plugin::socket_path() );
		if ( ! isset( $result['health'] ) ) {
			return null;
		}
		return array(
			'version'  => $result['daemon_version'],
			'protocol' => $result['daemon_protocol'],
		);
	}

	/**
	 * Wraps a path, version, user or command in a left-to-right isolate
	 * (U+2066 … U+2069): inside a Persian sentence its slashes, dashes and
	 * dots then stay where they belong instead of moving to the other end.
	 *
	 * @param string|int $text Text written left to right.
	 * @return string
	 */
	public static function ltr( $text ) {
		return "\u{2066}" . $text . "\u{2069}";
	}

	/**
	 * The user PHP runs as: name and uid when the posix extension is there.
	 *
	 * @return array{name: string, uid: int|null, groups: string[]}
	 */
	public static function php_user() {
		$user = array(
			'name'   => '',
			'uid'    => null,
			'groups' => array(),
		);
		if ( function_exists( 'posix_geteuid' ) ) {
			$user['uid'] = posix_geteuid();
			if ( function_exists( 'posix_getpwuid' ) ) {
				$pw           = posix_getpwuid( $user['uid'] );
				$user['name'] = is_array( $pw ) && isset( $pw['name'] ) ? (string) $pw['name'] : '';
			}
			if ( function_exists( 'posix_getgroups' ) && function_exists( 'posix_getgrgid' ) ) {
				$gids = posix_getgroups();
				foreach ( is_array( $gids ) ? array_unique( $gids ) : array() as $gid ) {
					$gr               = posix_getgrgid( $gid );
					$user['groups'][] = is_array( $gr ) && isset( $gr['name'] ) ? (string) $gr['name'] : (string) $gid;
				}
			}
		}
		return $user;
	}

	/**
	 * Owner, group and mode of a file.
	 *
	 * @param string $path File.
	 * @return array{user: string, group: string, mode: string}
	 */
	private static function owner( $path ) {
		$uid  = @fileowner( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		$gid  = @filegroup( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		$mode = @fileperms( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		$user = false === $uid ? '?' : (string) $uid;
		if ( false !== $uid && function_exists( 'posix_getpwuid' ) ) {
			$pw   = posix_getpwuid( $uid );
			$user = is_array( $pw ) && isset( $pw['name'] ) ? $pw['name'] : $user;
		}
		$group = false === $gid ? '?' : (string) $gid;
		if ( false !== $gid && function_exists( 'posix_getgrgid' ) ) {
			$gr    = posix_getgrgid( $gid );
			$group = is_array( $gr ) && isset( $gr['name'] ) ? $gr['name'] : $group;
		}
		return array(
			'path'  => $path,
			'user'  => $user,
			'group' => $group,
			'mode'  => false === $mode ? '?' : sprintf( '%04o', $mode & 07777 ),
		);
	}

	/**
	 * The PHP user as text: "www-data (uid 33)", or a plain "unknown" when
	 * PHP has no posix extension.
	 *
	 * @param array $user php_user().
	 * @return string
	 */
	public static function user_text( array $user ) {
		if ( null === $user['uid'] ) {
			return __( 'unknown (PHP\'s posix extension is not loaded)', 'arshline-sidecar' );
		}
		$name = '' !== $user['name'] ? $user['name'] : '#' . $user['uid'];
		/* translators: 1: user name, 2: numeric user id. */
		return sprintf( __( '%1$s (uid %2$s)', 'arshline-sidecar' ), self::ltr( $name ), self::ltr( $user['uid'] ) );
	}

	/**
	 * What a diagnosis means for a person: a summary, the facts behind it,
	 * the fix and the commands that apply it.
	 *
	 * @param array $r A diagnosis.
	 * @return array{level: string, title: string, facts: array<string, string>, fix: string, commands: string[]}
	 */
	public static function explain( array $r ) {
		$plugin_version = self::ltr( ARSHLINE_SIDECAR_VERSION );
		$socket         = self::ltr( $r['socket'] );
		$user           = self::user_text( $r['php_user'] );
		$user_name      = '' !== $r['php_user']['name'] ? $r['php_user']['name'] : 'www-data';
		$daemon_version = isset( $r['daemon_version'] ) ? self::ltr( $r['daemon_version'] ) : '';
		$facts          = array(
			__( 'Socket', 'arshline-sidecar' )           => $socket,
			__( 'PHP runs as', 'arshline-sidecar' )      => $user,
			__( 'This plugin', 'arshline-sidecar' )      => sprintf(
				/* translators: 1: version, 2: protocol number. */
				__( '%1$s (protocol %2$d)', 'arshline-sidecar' ),
				$plugin_version,
				Arshline_Sidecar_Plugin::PROTOCOL
			),
		);
		if ( $r['php_user']['groups'] ) {
			$facts[ __( 'Groups of PHP\'s user', 'arshline-sidecar' ) ] = self::ltr( implode( ', ', $r['php_user']['groups'] ) );
		}
		if ( isset( $r['owner'] ) ) {
			$facts[ 'directory' === ( isset( $r['where'] ) ? $r['where'] : '' ) ? __( 'Its directory', 'arshline-sidecar' ) : __( 'Owner, group and mode', 'arshline-sidecar' ) ] = self::ltr(
				sprintf( '%1$s:%2$s %3$s', $r['owner']['user'], $r['owner']['group'], $r['owner']['mode'] )
			);
		}
		if ( isset( $r['health'] ) ) {
			$facts[ __( 'The arshlined service', 'arshline-sidecar' ) ] = null === $r['daemon_protocol']
				? sprintf(
					/* translators: %s: version. */
					__( '%s (reports no protocol: older than this plugin)', 'arshline-sidecar' ),
					$daemon_version
				)
				: sprintf(
					/* translators: 1: version, 2: protocol number. */
					__( '%1$s (protocol %2$d)', 'arshline-sidecar' ),
					$daemon_version,
					$r['daemon_protocol']
				);
		}
		$out = array(
			'level'    => 'error',
			'title'    => '',
			'facts'    => $facts,
			'fix'      => '',
			'commands' => array(),
		);
		switch ( $r['status'] ) {
			case 'ok':
				$out['level'] = 'success';
				$out['title'] = __( 'Connected: the arshlined service answers, and its version works with this plugin.', 'arshline-sidecar' );
				break;
			case 'mismatch':
				$out['level'] = 'warning';
				$out['title'] = sprintf(
					/* translators: 1: service version, 2: plugin version. */
					__( 'Connected, but arshlined %1$s and this plugin %2$s do not work together.', 'arshline-sidecar' ),
					$daemon_version,
					$plugin_version
				);
				$fix          = self::upgrade_advice( $r['daemon_version'], $r['daemon_protocol'] );
				$out['fix']      = $fix['text'];
				$out['commands'] = $fix['commands'];
				break;
			case 'missing':
				$out['title']    = sprintf(
					/* translators: %s: socket path. */
					__( 'There is no socket at %s.', 'arshline-sidecar' ),
					$socket
				);
				$out['fix']      = __( 'Start the service, or enter the path it listens on (its --socket). The package\'s socket is /run/arshline/arshlined.sock.', 'arshline-sidecar' );
				$out['commands'] = array( 'sudo systemctl enable --now arshlined.socket', 'systemctl status arshlined.socket arshlined.service' );
				break;
			case 'not_socket':
				$out['title'] = sprintf(
					/* translators: %s: path. */
					__( '%s exists but is not a socket.', 'arshline-sidecar' ),
					$socket
				);
				$out['fix']   = __( 'Enter the path of the socket arshlined listens on.', 'arshline-sidecar' );
				break;
			case 'permission':
				if ( isset( $r['where'] ) && 'directory' === $r['where'] ) {
					$out['title']    = sprintf(
						/* translators: 1: user, 2: directory. */
						__( 'Permission denied: PHP runs as %1$s and may not enter %2$s, the socket\'s directory.', 'arshline-sidecar' ),
						$user,
						self::ltr( dirname( $r['socket'] ) )
					);
					$out['fix']      = __( 'Let every user enter the directory (the socket itself decides who may connect): DirectoryMode=0755 in arshlined.socket, or chmod it.', 'arshline-sidecar' );
					$out['commands'] = array( 'sudo chmod 0755 ' . dirname( $r['socket'] ) );
				} else {
					$group           = isset( $r['owner']['group'] ) ? $r['owner']['group'] : '?';
					$out['title']    = sprintf(
						/* translators: 1: user, 2: socket path. */
						__( 'Permission denied: PHP runs as %1$s and may not open %2$s.', 'arshline-sidecar' ),
						$user,
						$socket
					);
					$out['fix']      = sprintf(
						/* translators: 1: PHP's user name, 2: the socket's group. */
						__( 'Give the socket a group PHP\'s user belongs to (SocketGroup= in arshlined.socket; the package uses www-data, the user of Debian\'s PHP-FPM), or add %1$s to the group %2$s and restart PHP.', 'arshline-sidecar' ),
						self::ltr( $user_name ),
						self::ltr( $group )
					);
					$out['commands'] = array( 'sudo systemctl edit arshlined.socket   # [Socket] SocketGroup=' . $user_name, 'sudo systemctl restart arshlined.socket' );
				}
				break;
			case 'not_listening':
				$out['title']    = sprintf(
					/* translators: %s: socket path. */
					__( 'Nothing is listening on %s: the socket file is left from a service that stopped.', 'arshline-sidecar' ),
					$socket
				);
				$out['fix']      = __( 'Restart the service and read its log if it stops again.', 'arshline-sidecar' );
				$out['commands'] = array( 'sudo systemctl restart arshlined.socket arshlined.service', 'journalctl -u arshlined -n 50' );
				break;
			case 'refused':
				$out['title']    = sprintf(
					/* translators: %s: user. */
					__( 'The service refused the connection: PHP\'s user, %s, is not among the users allowed to use the socket.', 'arshline-sidecar' ),
					$user
				);
				$out['fix']      = sprintf(
					/* translators: %s: user name. */
					__( 'Allow it in the service\'s settings (%1$s, or %2$s) and restart the service.', 'arshline-sidecar' ),
					self::ltr( 'ARSHLINE_ALLOW_UIDS=' . $user_name ),
					self::ltr( '--allow-uids' )
				);
				$out['commands'] = array( 'sudo systemctl edit arshlined.service   # [Service] Environment=ARSHLINE_ALLOW_UIDS=' . $user_name, 'sudo systemctl restart arshlined.service' );
				break;
			case 'timeout':
				$out['title']    = sprintf(
					/* translators: %s: seconds. */
					__( 'The service accepted the connection but did not answer within %s seconds.', 'arshline-sidecar' ),
					number_format_i18n( self::TIMEOUT )
				);
				$out['fix']      = __( 'It may be overloaded or stuck: read its log, and restart it.', 'arshline-sidecar' );
				$out['commands'] = array( 'journalctl -u arshlined -n 50', 'sudo systemctl restart arshlined.service' );
				break;
			default:
				$out['title']    = __( 'The connection failed.', 'arshline-sidecar' );
				$out['fix']      = __( 'Read the service\'s log.', 'arshline-sidecar' );
				$out['commands'] = array( 'journalctl -u arshlined -n 50' );
		}
		if ( '' !== $r['detail'] && ! in_array( $r['status'], array( 'ok', 'mismatch', 'missing' ), true ) ) {
			$out['facts'][ __( 'Error', 'arshline-sidecar' ) ] = $r['detail'];
		}
		return $out;
	}

	/**
	 * Which side to upgrade when the protocols differ, and how.
	 *
	 * @param string   $daemon_version  The service's version.
	 * @param int|null $daemon_protocol The service's protocol; null for a service older than protocols.
	 * @return array{text: string, commands: string[]}
	 */
	public static function upgrade_advice( $daemon_version, $daemon_protocol ) {
		if ( null === $daemon_protocol || $daemon_protocol < Arshline_Sidecar_Plugin::PROTOCOL ) {
			return array(
				'text'     => sprintf(
					/* translators: 1: service version, 2: its protocol, 3: plugin version, 4: plugin protocol. */
					__( 'The arshlined service %1$s speaks protocol %2$s; this plugin %3$s needs protocol %4$d. Upgrade the arshlined package to %3$s, the version of this plugin.', 'arshline-sidecar' ),
					self::ltr( $daemon_version ),
					null === $daemon_protocol ? __( 'none', 'arshline-sidecar' ) : (string) $daemon_protocol,
					self::ltr( ARSHLINE_SIDECAR_VERSION ),
					Arshline_Sidecar_Plugin::PROTOCOL
				),
				'commands' => array( 'sudo apt install ./arshlined_' . ARSHLINE_SIDECAR_VERSION . '_amd64.deb' ),
			);
		}
		return array(
			'text'     => sprintf(
				/* translators: 1: service version, 2: its protocol, 3: plugin version, 4: plugin protocol. */
				__( 'The arshlined service %1$s speaks protocol %2$s; this plugin %3$s speaks protocol %4$d. Upgrade the Arshline Sidecar plugin to %1$s (Plugins → Add New → Upload Plugin).', 'arshline-sidecar' ),
				self::ltr( $daemon_version ),
				(string) $daemon_protocol,
				self::ltr( ARSHLINE_SIDECAR_VERSION ),
				Arshline_Sidecar_Plugin::PROTOCOL
			),
			'commands' => array(),
		);
	}

	/**
	 * Prints a diagnosis as a notice: the summary, the facts, the fix and
	 * its commands (left to right, as typed).
	 *
	 * @param array  $r  A diagnosis.
	 * @param string $id The notice's element id.
	 */
	public static function render( array $r, $id ) {
		$e = self::explain( $r );
		echo '<div class="notice notice-' . esc_attr( $e['level'] ) . ' inline arsh-diagnosis" id="' . esc_attr( $id ) . '" data-status="' . esc_attr( $r['status'] ) . '" role="status">';
		echo '<p><strong>' . esc_html( $e['title'] ) . '</strong></p>';
		echo '<table class="arsh-facts" role="presentation"><tbody>';
		foreach ( $e['facts'] as $label => $value ) {
			echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . esc_html( $value ) . '</td></tr>';
		}
		echo '</tbody></table>';
		if ( '' !== $e['fix'] ) {
			echo '<p class="arsh-fix"><strong>' . esc_html__( 'Fix:', 'arshline-sidecar' ) . '</strong> ' . esc_html( $e['fix'] ) . '</p>';
		}
		foreach ( $e['commands'] as $command ) {
			echo '<pre class="arsh-command" dir="ltr"><code>' . esc_html( $command ) . '</code></pre>';
		}
		echo '</div>';
	}
}
