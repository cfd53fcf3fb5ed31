<?php
/**
 * The public form from the visitor's side, against a real arshlined: a
 * send with nothing answered names every required question; a send too
 * soon says how long to wait and is no answer to fix; a stale token is a
 * page drawn again with a fresh one; the direct link has a title under a
 * block theme; a page with a form is the same HTML for every visitor
 * (cacheable), and one cached idempotency key does not join two
 * visitors; malformed upload parameters are refused without a PHP
 * warning.
 *
 * Runs on the real WordPress, each test in its own process, as a visitor
 * who is not logged in; mail goes through wp_mail() (Arshline_Test_Mail).
 *
 * @package Arshline_Sidecar
 */

/**
 * Public form, visitor's side.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class PublicVisitorTest extends Arshline_WP_Test_Case {

	use Arshline_Visitor_Site;

	/**
	 * PHP warnings and notices seen while a test ran.
	 *
	 * @var string[]
	 */
	private $warnings = array();

	/**
	 * Points the plugin at a daemon with the given least fill time, as a visitor.
	 *
	 * @param string $fill --submit-min-fill.
	 */
	private static function boot( $fill = '0s' ) {
		self::boot_site( 'visitor-' . $fill, array( '--submit-min-fill', $fill, '--submit-per-client-per-minute', '0' ), '203.0.113.7', '/contact/' );
		arshline_test_login( 0 );
	}

	/**
	 * A published form, created as an operator.
	 *
	 * @param array $fields   Fields.
	 * @param array $settings Settings.
	 * @param array $extra    More of forms.create's parameters.
	 * @return array
	 */
	private static function create_form( array $fields, array $settings = array(), array $extra = array() ) {
		$document = array(
			'version' => 'arshline_form@v1',
			'fields'  => $fields,
		);
		if ( $settings ) {
			$document['settings'] = $settings;
		}
		return self::publish( 'ثبت‌نام', $document, $extra );
	}

	/**
	 * Name (required), code (required national code), pet (radio) and a
	 * question shown after pet = yes.
	 *
	 * @param array $settings Settings.
	 * @return array
	 */
	private static function form( array $settings = array() ) {
		return self::create_form(
			array(
				array(
					'id'       => 'name',
					'type'     => 'text',
					'label'    => 'نام',
					'required' => true,
				),
				array(
					'id'       => 'code',
					'type'     => 'text',
					'label'    => 'کد ملی',
					'format'   => 'national_code',
					'required' => true,
				),
				array(
					'id'      => 'pet',
					'type'    => 'radio',
					'label'   => 'حیوان خانگی دارید؟',
					'options' => array(
						array(
							'value' => 'yes',
							'label' => 'بله',
						),
						array(
							'value' => 'no',
							'label' => 'خیر',
						),
					),
				),
				array(
					'id'       => 'pet_name',
					'type'     => 'text',
					'label'    => 'نام حیوان',
					'required' => true,
					'show_if'  => array(
						'field' => 'pet',
						'op'    => 'equals',
						'value' => 'yes',
					),
				),
			),
			$settings
		);
	}

	/**
	 * The POST of a page showing the form.
	 *
	 * @param array  $form    The form.
	 * @param array  $answers arshline[...].
	 * @param string $token   Form token ('' for a fresh one).
	 * @return array
	 */
	private static function post( array $form, array $answers, $token = '' ) {
		if ( '' === $token ) {
			$token = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
		}
		return Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'      => $form['public_token'],
				'arshline_form_token'  => $token,
				'arshline_idempotency' => 'k-' . bin2hex( random_bytes( 4 ) ),
				'arshline'             => $answers,
			)
		);
	}

	/**
	 * Parses HTML.
	 *
	 * @param string $html HTML.
	 * @return DOMXPath
	 */
	private static function dom( $html ) {
		$doc = new DOMDocument();
		libxml_use_internal_errors( true );
		$doc->loadHTML( '<?xml encoding="UTF-8"><html><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		return new DOMXPath( $doc );
	}

	/**
	 * Records warnings and notices instead of failing at the first.
	 */
	private function watch_warnings() {
		error_reporting( E_ALL );
		set_error_handler(
			function ( $no, $message, $file, $line ) {
				$this->warnings[] = "$message at $file:$line";
				return true;
			}
		);
	}

	public function test_a_send_with_nothing_answered_names_every_required_question_at_once() {
		self::boot();
		$form   = self::form();
		$result = self::post( $form, array() );
		$this->assertSame( 422, $result['status'], json_encode( $result, JSON_UNESCAPED_UNICODE ) );
		// Name and code; not the question shown only after «بله».
		$this->assertSame( array( 'name', 'code' ), array_keys( $result['state']['errors'] ) );
		$this->assertSame( 'به این پرسش پاسخ دهید', $result['state']['errors']['name'] );

		// The same words as the daemon's when something else was answered.
		$partial = self::post( $form, array( 'pet' => 'no' ) );
		$this->assertSame( 422, $partial['status'] );
		$this->assertSame( $result['state']['errors']['name'], $partial['state']['errors']['name'] );
		$this->assertSame( $result['state']['errors']['code'], $partial['state']['errors']['code'] );

		// And through the script's route.
		$controller = new Arshline_Sidecar_REST_Public_Controller();
		$post       = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/submissions' );
		$post->set_url_params( array( 'token' => $form['public_token'] ) );
		$post->set_header( 'content-type', 'application/json' );
		$post->set_body( json_encode( array( 'answers' => new stdClass() ) ) );
		$refused = $controller->create_item( $post );
		$this->assertSame( 422, $refused->get_status() );
		$this->assertSame( array( 'name', 'code' ), array_column( $refused->get_data()['data']['fields'], 'field' ) );
	}

	public function test_a_send_too_soon_says_how_long_to_wait_and_is_no_answer_to_fix() {
		self::boot( '3s' );
		$form   = self::form();
		$token  = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
		$typed  = array(
			'name' => 'مریم',
			'code' => '0084575948',
		);
		$result = self::post( $form, $typed, $token );
		$this->assertSame( 429, $result['status'], json_encode( $result, JSON_UNESCAPED_UNICODE ) );
		$this->assertSame( 3, $result['retry_after'] );
		$this->assertSame( array(), $result['state']['errors'], 'nothing under «please correct these answers»' );
		$this->assertStringContainsString( '۳ ثانیهٔ دیگر', $result['state']['status_message'] );
		$this->assertSame( $typed, $result['state']['values'] );
		$html = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		$x    = self::dom( $html );
		$this->assertSame( 'alert', $x->query( "//div[contains(@class,'arshline-form__notice')]" )->item( 0 )->getAttribute( 'role' ) );
		$this->assertTrue( $x->query( "//div[contains(@class,'arshline-form__summary')]" )->item( 0 )->hasAttribute( 'hidden' ) );
		sleep( 3 );
		$this->assertArrayHasKey( 'redirect', self::post( $form, $typed, $token ), 'the same page is accepted once the wait is over' );
	}

	public function test_a_stale_token_draws_the_page_again_with_a_fresh_one() {
		self::boot();
		$form   = self::form();
		$stale  = str_repeat( 'A', 43 );
		$result = self::post(
			$form,
			array(
				'name' => 'مریم',
				'code' => '0084575948',
			),
			$stale
		);
		$this->assertSame( 409, $result['status'], json_encode( $result, JSON_UNESCAPED_UNICODE ) );
		$this->assertSame( array(), $result['state']['errors'] );
		$this->assertStringContainsString( 'دوباره بفرستید', $result['state']['status_message'] );
		$x     = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$fresh = $x->query( "//input[@name='arshline_form_token']" )->item( 0 )->getAttribute( 'value' );
		$this->assertNotSame( $stale, $fresh );
		$this->assertSame( 'مریم', $x->query( "//input[@name='arshline[name]']" )->item( 0 )->getAttribute( 'value' ) );
	}

	public function test_a_page_with_a_form_is_the_same_html_for_every_visitor() {
		self::boot();
		$form = self::form();
		$mask = function ( $html ) {
			// Element ids count the forms of one request: this test renders two.
			$html = preg_replace( '/arshline-\d+-/', 'arshline-N-', $html );
			return preg_replace( '/(name="arshline_form_token" value=")[^"]*(" data-issued-at=")\d+/', '$1…$2…', preg_replace( '/(name="arshline_idempotency" value=")[a-f0-9]{32}/', '$1…', $html ) );
		};
		$first = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		// Another visitor, from another address, logged in as an editor.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.20';
		self::login_with_caps( array( 'edit_posts' ) );
		$second                 = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		$this->assertSame( $mask( $first ), $mask( $second ) );
		$this->assertStringNotContainsStringIgnoringCase( 'nonce', $first );
		$this->assertStringNotContainsString( '203.0.113.7', $first );
	}

	public function test_a_page_with_a_form_may_be_cached_and_its_thank_you_may_not() {
		self::boot();
		// A published page holding the shortcode, as the main query finds it.
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'تماس',
				'post_content' => 'پیش از فرم [arshline_form id="1"] پس از فرم',
			)
		);
		$this->assertIsInt( $page );
		$GLOBALS['wp_query']     = new WP_Query( array( 'page_id' => $page ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the main query of this request.
		$GLOBALS['wp_the_query'] = $GLOBALS['wp_query'];
		$GLOBALS['post']         = get_post( $page ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- as the loop sets it.
		$this->assertTrue( is_singular() );
		$this->assertTrue( Arshline_Sidecar_Public::page_has_form() );
		// nocache_headers() asks this filter for the headers it sends.
		$nocache = 0;
		add_filter(
			'nocache_headers',
			function ( $headers ) use ( &$nocache ) {
				++$nocache;
				return $headers;
			}
		);
		$this->assertFalse( headers_sent(), 'nocache_headers() would send nothing' );
		$_SERVER['REQUEST_METHOD'] = 'GET';
		Arshline_Sidecar_Public::template_redirect();
		$this->assertSame( 0, $nocache, 'a GET of a page with the shortcode is cacheable' );
		$_GET['arshline_done'] = str_repeat( 'a', 32 );
		Arshline_Sidecar_Public::template_redirect();
		$this->assertSame( 1, $nocache, 'the thank-you page is not' );
	}

	public function test_one_cached_idempotency_key_does_not_join_two_visitors() {
		self::boot();
		$form  = self::form();
		$token = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
		$send  = function ( $name ) use ( $form, &$token ) {
			return Arshline_Sidecar_Public::submit(
				$form['public_token'],
				array(
					'name' => $name,
					'code' => '0084575948',
				),
				$token,
				'the-key-a-cached-page-printed',
				''
			);
		};
		$a = $send( 'مریم' );
		$this->assertIsArray( $a, is_wp_error( $a ) ? $a->get_error_message() : '' );
		$this->assertSame( $a['tracking_code'], $send( 'مریم' )['tracking_code'], 'one visitor sending twice is one submission' );
		// Another visitor of the same cached page: never the first one's
		// receipt. The page's token is spent, so the daemon asks for a
		// fresh one (the script fetches it), and with it the second
		// visitor's answers are an entry of their own.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.20';
		$b                      = $send( 'سارا' );
		$this->assertInstanceOf( WP_Error::class, $b, 'a spent page token is not the first visitor\'s receipt' );
		$this->assertSame( 'form_token_used', $b->get_error_data()['fields'][0]['code'] ?? '', wp_json_encode( $b->get_error_data() ) );
		$token = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
		$b     = $send( 'سارا' );
		$this->assertIsArray( $b, is_wp_error( $b ) ? $b->get_error_message() : '' );
		$this->assertNotSame( $a['tracking_code'], $b['tracking_code'] );
	}

	public function test_the_direct_link_has_a_title_under_a_block_theme() {
		self::boot();
		$form = self::form();
		// Debian's default theme, twentytwentythree, is a block theme.
		$this->assertTrue( wp_is_block_theme(), get_stylesheet() );
		$page = new ReflectionMethod( 'Arshline_Sidecar_Public', 'render_link_page' );
		$page->setAccessible( true );
		ob_start();
		$page->invoke( null, (string) $form['public_token'] );
		$html = (string) ob_get_clean();
		$title = 'ثبت‌نام – ' . get_bloginfo( 'name' );
		$this->assertMatchesRegularExpression( '#<html dir="rtl" lang="fa-IR"><head>.*<title>' . preg_quote( $title, '#' ) . '</title>.*</head>#su', $html );
		$this->assertSame( 1, substr_count( $html, '<title>' ) );
		$this->assertStringContainsString( 'arshline-form--vazirmatn', $html, 'the link page is set in the plugin\'s Vazirmatn' );
		$this->assertSame( $title, apply_filters( 'pre_get_document_title', '' ), 'a classic theme\'s title tag too' );
	}

	public function test_the_block_and_shortcode_offer_vazirmatn() {
		self::boot();
		$form = self::form();
		$this->assertStringContainsString( 'arshline-form--vazirmatn', Arshline_Sidecar_Public::render_block( array( 'formId' => (int) $form['id'], 'font' => 'vazirmatn' ) ) );
		$this->assertStringContainsString( 'arshline-form--vazirmatn', Arshline_Sidecar_Public::shortcode( array( 'id' => (string) $form['id'], 'font' => 'vazirmatn' ) ) );
		$this->assertStringNotContainsString( 'arshline-form--vazirmatn', Arshline_Sidecar_Public::render_block( array( 'formId' => (int) $form['id'] ) ) );
		$this->assertStringNotContainsString( 'arshline-form--vazirmatn', Arshline_Sidecar_Public::render_block( array( 'formId' => (int) $form['id'], 'font' => '"><script>' ) ) );
		$css = (string) file_get_contents( dirname( __DIR__ ) . '/arshline-sidecar/build/public.css' );
		$this->assertMatchesRegularExpression( '#@font-face\{[^}]*font-family:"?Arshline Vazirmatn"?[^}]*url\(fonts/Vazirmatn[^)]*\.woff2\)#', $css );
		$this->assertDoesNotMatchRegularExpression( '#url\((https?:)?//#', $css, 'no font from another host' );
		preg_match( '#url\((fonts/[^)]+)\)#', $css, $m );
		$this->assertFileExists( dirname( __DIR__ ) . '/arshline-sidecar/build/' . $m[1] );
	}

	public function test_malformed_upload_parameters_are_refused_without_a_php_warning() {
		self::boot();
		$form = self::create_form(
			array(
				array(
					'id'    => 'doc',
					'type'  => 'file',
					'label' => 'پرونده',
				),
			)
		);
		$this->watch_warnings();
		$bad        = array(
			'form_token' => array( 'x' ),
			'field'      => array( 'a' => 'b' ),
			'name'       => array( 1, 2 ),
			'data'       => array(),
			'upload_id'  => array( 'u' ),
			'size'       => array( 5 ),
			'offset'     => '1x3',
			'final'      => array( true ),
		);
		foreach ( $bad as $key => $value ) {
			$chunk = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/uploads' );
			$chunk->set_url_params( array( 'token' => $form['public_token'] ) );
			$chunk->set_body_params(
				array(
					'form_token' => 'x',
					'field'      => 'doc',
					'name'       => 'a.txt',
					'size'       => 5,
					'offset'     => 0,
					'data'       => base64_encode( 'hello' ),
				)
			);
			$chunk->set_param( $key, $value );
			// WordPress checks the types from the route's schema before the
			// callback runs, as WP_REST_Server::respond_to_request() does.
			$chunk->set_attributes( rest_get_server()->get_routes()['/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})/uploads'][0] );
			$answer = $chunk->has_valid_params();
			$answer = true === $answer ? $chunk->sanitize_params() : $answer;
			$this->assertInstanceOf( WP_Error::class, $answer, $key );
			$this->assertSame( 'rest_invalid_param', $answer->get_error_code(), $key );
			$this->assertSame( 400, $answer->get_error_data()['status'], $key );
			$this->assertSame( array( $key ), array_keys( $answer->get_error_data()['params'] ), $key );
		}
		// The plain POST's $_FILES, shaped by the sender's field names.
		foreach (
			array(
				array( 'arshline_file_doc' => 'x' ),
				array( 'arshline_file_doc' => array( 'tmp_name' => array( array( '/etc/passwd' ) ) ) ),
				array( 'arshline_file_doc' => array( 'tmp_name' => '/etc/passwd' ) ),
				array(
					'arshline_file_doc' => array(
						'tmp_name' => array( '/etc/passwd' ),
						'name'     => array( array( 'a' ) ),
						'error'    => array( array( 0 ) ),
					),
				),
			) as $files
		) {
			$this->assertSame( array(), Arshline_Sidecar_Public::upload_files( Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) ), 'x', $files ) );
		}
		restore_error_handler();
		$this->assertSame( array(), $this->warnings );
	}

	public function test_the_personal_data_tools_export_and_erase_a_respondents_answers() {
		self::boot();
		$form   = self::create_form(
			array(
				array(
					'id'    => 'name',
					'type'  => 'text',
					'label' => 'نام',
				),
				array(
					'id'    => 'mail',
					'type'  => 'email',
					'label' => 'ایمیل',
				),
				array(
					'id'     => 'mobile',
					'type'   => 'text',
					'label'  => 'موبایل',
					'format' => 'mobile_ir',
				),
			)
		);
		$other  = self::form();
		$send   = function ( $form, array $answers ) {
			$token   = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
			$receipt = Arshline_Sidecar_Public::submit( $form['public_token'], $answers, $token, '', '' );
			$this->assertIsArray( $receipt, is_wp_error( $receipt ) ? $receipt->get_error_message() : '' );
			return $receipt['tracking_code'];
		};
		$by_mail   = $send( $form, array( 'name' => 'مریم', 'mail' => 'Maryam@Example.test' ) );
		$by_mobile = $send( $form, array( 'name' => 'مریم', 'mobile' => '۰۹۱۲ ۳۴۵ ۶۷۸۹' ) );
		$similar   = $send( $form, array( 'name' => 'maryam@example.test.evil', 'mail' => 'maryam2@example.test' ) );
		$in_other  = $send( $other, array( 'name' => 'maryam@example.test', 'code' => '0084575948' ) );
		add_filter(
			'arshline_sidecar_privacy_mobiles',
			function ( $found, $email ) {
				return 'maryam@example.test' === $email ? array_merge( $found, array( '+98 912 345 6789' ) ) : $found;
			},
			10,
			2
		);

		Arshline_Sidecar_Public_Privacy::boot();
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$erasers   = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertArrayHasKey( 'arshline-sidecar', $exporters );
		$this->assertArrayHasKey( 'arshline-sidecar', $erasers );

		// Every form is a page of the export; the codes found are the person's only.
		$codes = array();
		for ( $page = 1, $done = false; ! $done; $page++ ) {
			$out  = call_user_func( $exporters['arshline-sidecar']['callback'], 'maryam@example.test', $page );
			$done = $out['done'];
			foreach ( $out['data'] as $item ) {
				$this->assertSame( 'arshline-sidecar', $item['group_id'] );
				$pairs   = array_column( $item['data'], 'value', 'name' );
				$code    = $pairs[ __( 'Tracking code', 'arshline-sidecar' ) ];
				$codes[] = $code;
				if ( $code === $by_mail ) {
					$this->assertSame( 'Maryam@example.test', $pairs['ایمیل'], 'answers under their labels' );
				}
			}
			$this->assertLessThan( 10, $page );
		}
		sort( $codes );
		$want = array( $by_mail, $by_mobile, $in_other );
		sort( $want );
		$this->assertSame( $want, $codes );

		$removed = 0;
		for ( $page = 1, $done = false; ! $done; $page++ ) {
			$out      = call_user_func( $erasers['arshline-sidecar']['callback'], 'maryam@example.test', $page );
			$done     = $out['done'];
			$removed += $out['items_removed'];
			$this->assertFalse( $out['items_retained'] );
		}
		$this->assertSame( 3, $removed );
		$left = Arshline_Sidecar_Plugin::client()->call( 'submissions.list', array( 'form_id' => (int) $form['id'] ), Arshline_Sidecar_Public::system_actor() );
		$this->assertSame( array( $similar ), array_column( $left['items'], 'tracking_code' ), 'a look-alike address stays' );
		$this->assertSame( array(), call_user_func( $exporters['arshline-sidecar']['callback'], 'maryam@example.test', 1 )['data'] );
	}
}
