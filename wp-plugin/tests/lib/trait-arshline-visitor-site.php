<?php
/**
 * What the tests of the public form share: a daemon of their own, a
 * visitor's request to the site in Persian with mail captured, published
 * forms made by the operator, and the Kavenegar stand-in as the site's
 * SMS provider for those that text.
 *
 * @package Arshline_Sidecar
 */

/**
 * A site as its visitors meet it. For an Arshline_WP_Test_Case.
 */
trait Arshline_Visitor_Site {

	/**
	 * Points the plugin at the daemon named $daemon, started with $flags,
	 * with the site in Persian, its mail captured (Arshline_Test_Mail) and
	 * the request a visitor's, from $address, for the page at $path.
	 *
	 * @param string $daemon  The daemon's name (Arshline_Test_Processes::daemon).
	 * @param array  $flags   Its flags.
	 * @param string $address The visitor's address.
	 * @param string $path    The page the visitor asked for.
	 */
	private static function boot_site( $daemon, array $flags, $address, $path = '/register/' ) {
		self::use_daemon( Arshline_Test_Processes::daemon( $daemon, $flags ) );
		update_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, 'fa_IR' );
		require_once __DIR__ . '/class-arshline-test-mail.php';
		Arshline_Test_Mail::capture();
		$_SERVER['REMOTE_ADDR']     = $address;
		$_SERVER['REQUEST_URI']     = $path;
		$_SERVER['HTTP_USER_AGENT'] = 'phpunit';
	}

	/**
	 * Makes the Kavenegar stand-in the site's SMS provider.
	 *
	 * @param array $settings sms.settings.set's parameters besides the provider's.
	 * @return array The stand-in (url, key, log).
	 */
	private static function use_kavenegar( array $settings = array() ) {
		$fake = Arshline_Test_Processes::kavenegar();
		$set  = self::admin()->call(
			'sms.settings.set',
			array(
				'provider' => 'kavenegar',
				'api_key'  => $fake['key'],
				'sender'   => '10004346',
				'base_url' => $fake['url'],
			) + $settings,
			self::actor( array( 'manage_options' ), 'fa_IR' )
		);
		if ( ! is_array( $set ) ) {
			throw new RuntimeException( 'sms.settings.set: ' . $set->get_error_message() );
		}
		return $fake;
	}

	/**
	 * A client of the daemon for the operator's calls.
	 *
	 * @return Arshline_Sidecar_Client
	 */
	private static function admin() {
		return new Arshline_Sidecar_Client( Arshline_Sidecar_Plugin::socket_path(), array( 'timeout' => 10.0 ) );
	}

	/**
	 * A published form, made by the operator.
	 *
	 * @param string $title    Its title.
	 * @param array  $document Its document.
	 * @param array  $extra    More of forms.create's parameters (or others for these).
	 * @return array The form.
	 */
	private static function publish( $title, array $document, array $extra = array() ) {
		$created = self::admin()->call(
			'forms.create',
			$extra + array(
				'title'    => $title,
				'status'   => 'published',
				'document' => $document,
			),
			self::actor( array( 'manage_options', 'manage_arshline_forms' ), 'fa_IR' )
		);
		if ( ! is_array( $created ) ) {
			throw new RuntimeException( 'forms.create: ' . $created->get_error_message() );
		}
		return $created['form'];
	}

	/**
	 * A registration's questions: a name, and a required Iranian mobile
	 * with $mobile's keys besides.
	 *
	 * @param array $mobile More of the mobile question.
	 * @return array[]
	 */
	private static function name_and_mobile( array $mobile = array() ) {
		return array(
			array(
				'id'    => 'name',
				'type'  => 'text',
				'label' => 'نام',
			),
			array(
				'id'       => 'mobile',
				'type'     => 'text',
				'label'    => 'شمارهٔ همراه',
				'format'   => 'mobile_ir',
				'required' => true,
			) + $mobile,
		);
	}
}
