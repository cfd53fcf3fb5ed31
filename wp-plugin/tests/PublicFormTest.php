<?php
/**
 * The public form against a real arshlined: every field type rendered
 * with hostile texts shown as text, right to left in Persian and left to
 * right in English, labels and descriptions tied to their inputs, drafts
 * hidden from visitors, the plain POST (accepted → 303 to the receipt;
 * a bad national code → the Persian message beside the values typed; the
 * honeypot refused; the daemon down → 503), the public REST routes, the
 * notification mail and the hashed address.
 *
 * Runs on the real WordPress, each test in its own process, as a visitor
 * who is not logged in; mail goes through wp_mail() (Arshline_Test_Mail).
 *
 * @package Arshline_Sidecar
 */

/**
 * Public form.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class PublicFormTest extends Arshline_WP_Test_Case {

	const HOSTILE = '<script>alert("x")</script> "q" \'a\' & <b>';

	/**
	 * Points the plugin at the public daemon (or the given socket), as a visitor.
	 *
	 * @param string|null $socket Socket path (the public daemon when null).
	 * @param string      $lang   Plugin language.
	 */
	private static function boot( $socket = null, $lang = 'fa_IR' ) {
		if ( null === $socket ) {
			$socket = self::daemon();
		}
		self::use_daemon( $socket );
		require_once __DIR__ . '/lib/class-arshline-test-mail.php';
		Arshline_Test_Mail::capture();
		arshline_test_login( 0 );
		update_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, $lang );
		$_SERVER['REMOTE_ADDR']     = '203.0.113.7';
		$_SERVER['REQUEST_URI']     = '/contact/';
		$_SERVER['HTTP_USER_AGENT'] = 'phpunit';
	}

	/**
	 * The daemon of these tests: no least fill time (a test sends at
	 * once), and a small per-client limit the rate test reaches.
	 *
	 * @return string
	 */
	private static function daemon() {
		return Arshline_Test_Processes::daemon( 'public', array( '--submit-min-fill', '0s', '--submit-per-client-per-minute', '0' ) );
	}

	/**
	 * An operator's client call (an actor with manage_options).
	 *
	 * @param string $method Method.
	 * @param array  $params Parameters.
	 * @param string $locale Locale.
	 * @return mixed
	 */
	private static function admin( $method, array $params, $locale = 'fa_IR' ) {
		$client = new Arshline_Sidecar_Client( Arshline_Sidecar_Plugin::socket_path(), array( 'timeout' => 10.0 ) );
		return $client->call( $method, $params, self::actor( array( 'manage_options', 'manage_arshline_forms' ), $locale ) );
	}

	/**
	 * A form with every field type, hostile texts everywhere, created
	 * published (or with the given status).
	 *
	 * @param string $status Status.
	 * @param array  $settings Settings.
	 * @return array The created form.
	 */
	private static function hostile_form( $status = 'published', array $settings = array() ) {
		$h       = self::HOSTILE;
		$options = array(
			array(
				'value' => 'a',
				'label' => $h,
			),
			array(
				'value' => 'b"><script>',
				'label' => 'دو',
			),
		);
		$fields  = array(
			array(
				'id'          => 'f_text',
				'type'        => 'text',
				'label'       => $h,
				'help_text'   => $h,
				'placeholder' => $h,
				'required'    => true,
			),
			array(
				'id'    => 'f_area',
				'type'  => 'textarea',
				'label' => $h,
			),
			array(
				'id'    => 'f_email',
				'type'  => 'email',
				'label' => $h,
			),
			array(
				'id'    => 'f_num',
				'type'  => 'number',
				'label' => $h,
			),
			array(
				'id'      => 'f_radio',
				'required' => true,
				'type'    => 'radio',
				'label'   => $h,
				'options' => $options,
			),
			array(
				'id'      => 'f_check',
				'required' => true,
				'type'    => 'checkbox',
				'label'   => $h,
				'options' => $options,
			),
			array(
				'id'      => 'f_select',
				'type'    => 'select',
				'label'   => $h,
				'options' => $options,
			),
			array(
				'id'        => 'f_date',
				'type'      => 'date',
				'label'     => $h,
				'help_text' => $h,
			),
			array(
				'id'    => 'f_file',
				'type'  => 'file',
				'label' => $h,
			),
			array(
				'id'    => 'f_rate',
				'required' => true,
				'type'  => 'rating',
				'label' => $h,
			),
			array(
				'id'    => 'f_matrix',
				'required' => true,
				'type'  => 'matrix',
				'label' => $h,
				'rows'  => array( $h, 'ردیف' ),
				'cols'  => array( $h, 'ستون' ),
			),
			array(
				'id'    => 'f_section',
				'type'  => 'section',
				'label' => $h,
			),
			array(
				'id'    => 'f_html',
				'type'  => 'html',
				'label' => 'html',
				'html'  => '<p>متن <b>پررنگ</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
			),
			array(
				'id'       => 'f_later',
				'type'     => 'text',
				'label'    => 'later',
				'required' => true,
				'show_if' => array(
					'field' => 'f_radio',
					'op'    => 'equals',
					'value' => 'a',
				),
			),
		);
		return self::create_form( $h, $fields, $status, $settings );
	}

	/**
	 * Creates a form.
	 *
	 * @param string $title    Title.
	 * @param array  $fields   Fields.
	 * @param string $status   Status.
	 * @param array  $settings Settings.
	 * @param string $locale   Locale of the admin.
	 * @return array
	 */
	private static function create_form( $title, array $fields, $status = 'published', array $settings = array(), $locale = 'fa_IR' ) {
		$document = array(
			'version' => 'arshline_form@v1',
			'fields'  => $fields,
		);
		if ( $settings ) {
			$document['settings'] = $settings;
		}
		$created = self::admin(
			'forms.create',
			array(
				'title'    => $title,
				'status'   => $status,
				'document' => $document,
			),
			$locale
		);
		if ( ! is_array( $created ) ) {
			throw new RuntimeException( 'forms.create: ' . $created->get_error_message() . ' ' . json_encode( $created->get_error_data() ) );
		}
		return $created['form'];
	}

	/**
	 * A national-code form.
	 *
	 * @param array $settings Settings.
	 * @return array
	 */
	private static function national_code_form( array $settings = array() ) {
		return self::create_form(
			'ثبت‌نام',
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
			),
			'published',
			$settings
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

	public function test_every_field_type_shows_hostile_texts_as_text() {
		self::boot();
		$form = self::hostile_form();
		$html = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		$this->assertNotSame( '', $html );
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringNotContainsString( 'javascript:', $html );
		$this->assertStringContainsString( '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;q&quot; &#039;a&#039; &amp; &lt;b&gt;', $html );
		$this->assertStringContainsString( '<b>پررنگ</b>', $html, 'the html field keeps its allowed markup' );

		$x = self::dom( $html );
		foreach ( array( 'text', 'textarea', 'email', 'number', 'radio', 'checkbox', 'select', 'date', 'file', 'rating', 'matrix', 'section', 'html' ) as $type ) {
			$this->assertGreaterThan( 0, $x->query( "//div[@data-type='$type']" )->length, $type );
		}
		// Hostile text is one text node, never elements.
		$this->assertSame( 0, $x->query( '//script' )->length );
		$label = $x->query( "//div[@data-field='f_text']//label" )->item( 0 );
		$this->assertStringStartsWith( self::HOSTILE, $label->textContent );
		$this->assertSame( 'b"><script>', $x->query( "//div[@data-field='f_radio']//input" )->item( 1 )->getAttribute( 'value' ) );
		$this->assertSame( self::HOSTILE, $x->query( "//div[@data-field='f_text']//input" )->item( 0 )->getAttribute( 'placeholder' ) );
		$this->assertSame( self::HOSTILE, $x->query( "//div[@data-field='f_matrix']//th[@scope='row']" )->item( 0 )->textContent );
	}

	public function test_persian_is_right_to_left_and_english_left_to_right() {
		self::boot();
		$form = self::national_code_form();
		$x    = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$root = $x->query( "//div[contains(@class,'arshline-form')]" )->item( 0 );
		$this->assertSame( 'rtl', $root->getAttribute( 'dir' ) );
		$this->assertSame( 'fa', $root->getAttribute( 'lang' ) );
		$this->assertSame( 'ارسال', trim( $x->query( '//button[@type="submit"]' )->item( 0 )->textContent ) );

		update_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, 'en_US' );
		$x    = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$root = $x->query( "//div[contains(@class,'arshline-form')]" )->item( 0 );
		$this->assertSame( 'ltr', $root->getAttribute( 'dir' ) );
		$this->assertSame( 'en', $root->getAttribute( 'lang' ) );
		$this->assertSame( 'Send', trim( $x->query( '//button[@type="submit"]' )->item( 0 )->textContent ) );
	}

	public function test_a_form_speaks_its_own_locale_and_the_page_gets_its_own_back() {
		self::boot();
		$form = function ( $locale ) {
			return new Arshline_Sidecar_Public_Renderer(
				array(
					'token'      => 'locale',
					'title'      => 'T',
					'locale'     => $locale,
					'document'   => array( 'fields' => array( array( 'id' => 'a', 'type' => 'text', 'label' => 'A' ) ) ),
					'form_token' => '',
				)
			);
		};
		Arshline_Sidecar_Plugin::switch_locale( '' );
		$this->assertSame( 'fa_IR', Arshline_Sidecar_Plugin::locale(), 'the site default' );
		$this->assertSame( 'ارسال', __( 'Send', 'arshline-sidecar' ) );

		// An English form on a Persian site: English, then Persian again.
		$x = self::dom( $form( 'en_US' )->render( array( 'action' => '' ) ) );
		$this->assertSame( 'Send', trim( $x->query( '//button[@type="submit"]' )->item( 0 )->textContent ) );
		$this->assertStringContainsString( 'Tracking code:', $form( 'en_US' )->thank_you( '42', '' ) );
		$this->assertSame( 'fa_IR', Arshline_Sidecar_Plugin::locale(), 'restored after the form' );
		$this->assertSame( 'ارسال', __( 'Send', 'arshline-sidecar' ), 'the catalogue reloaded after the form' );

		// A Persian form on an English site: Persian, with Persian digits.
		update_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, 'en_US' );
		Arshline_Sidecar_Plugin::switch_locale( '' );
		$this->assertSame( 'Send', __( 'Send', 'arshline-sidecar' ) );
		$done = $form( 'fa_IR' )->thank_you( '42', '' );
		$this->assertStringContainsString( 'کد رهگیری:', $done );
		$this->assertStringContainsString( '۴۲', $done );
		$this->assertStringContainsString( 'سپاس. پاسخ‌های شما دریافت شد.', $done );
		$this->assertSame( 'en_US', Arshline_Sidecar_Plugin::locale() );
		$this->assertSame( 'Send', __( 'Send', 'arshline-sidecar' ) );
		Arshline_Sidecar_Plugin::restore_locale();
		Arshline_Sidecar_Plugin::restore_locale();
		Arshline_Sidecar_Plugin::restore_locale(); // One more than entered changes nothing.
		$this->assertSame( 'en_US', Arshline_Sidecar_Plugin::locale() );
	}

	public function test_labels_legends_and_descriptions_are_tied_to_their_inputs() {
		self::boot();
		$form = self::hostile_form();
		$x    = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$ids  = array();
		foreach ( $x->query( '//*[@id]' ) as $node ) {
			$this->assertArrayNotHasKey( $node->getAttribute( 'id' ), $ids, 'ids are unique' );
			$ids[ $node->getAttribute( 'id' ) ] = true;
		}
		$checked = 0;
		foreach ( $x->query( "//div[contains(@class,'arshline-field')]//input | //div[contains(@class,'arshline-field')]//select | //div[contains(@class,'arshline-field')]//textarea" ) as $input ) {
			$id = $input->getAttribute( 'id' );
			$this->assertNotSame( '', $id );
			$labelled = $x->query( "//label[@for='$id']" )->length > 0 || '' !== $input->getAttribute( 'aria-label' );
			$this->assertTrue( $labelled, "$id has a label" );
			++$checked;
		}
		$this->assertGreaterThan( 20, $checked );
		foreach ( $x->query( '//fieldset' ) as $set ) {
			$this->assertSame( 1, $x->query( 'legend', $set )->length, 'a fieldset has its legend' );
		}
		foreach ( $x->query( '//*[@aria-describedby]' ) as $node ) {
			foreach ( explode( ' ', $node->getAttribute( 'aria-describedby' ) ) as $ref ) {
				$this->assertArrayHasKey( $ref, $ids, "aria-describedby names $ref" );
			}
		}
		$text = $x->query( "//div[@data-field='f_text']//input" )->item( 0 );
		$this->assertSame( 'true', $text->getAttribute( 'aria-required' ) );
		$this->assertStringContainsString( '-help', $text->getAttribute( 'aria-describedby' ) );
		// The daemon judges every answer at once: no browser bubble first.
		$this->assertFalse( $text->hasAttribute( 'required' ) );
		$this->assertSame( 0, $x->query( '//*[@required]' )->length );
		$this->assertTrue( $x->query( '//form' )->item( 0 )->hasAttribute( 'novalidate' ) );
		$later = $x->query( "//div[@data-field='f_later']//input" )->item( 0 );
		$this->assertSame( 'true', $later->getAttribute( 'aria-required' ) );
		// Without the script, a question asked after a certain answer says which.
		$when = $x->query( "//div[@data-field='f_later']//p[contains(@class,'arshline-field__when')]" )->item( 0 );
		$this->assertNotNull( $when );
		$this->assertSame( 'فقط اگر به «' . self::HOSTILE . '» پاسخ «' . self::HOSTILE . '» دادید.', $when->textContent );
		$this->assertStringStartsWith( $when->getAttribute( 'id' ) . ' ', $later->getAttribute( 'aria-describedby' ) );
		// A radio group, a rating and a matrix are radiogroups that say they
		// are required; no fieldset carries aria-required (not allowed on a group).
		foreach ( array( 'f_radio', 'f_rate', 'f_matrix' ) as $group ) {
			$set = $x->query( "//div[@data-field='$group']//fieldset" )->item( 0 );
			$this->assertSame( 'radiogroup', $set->getAttribute( 'role' ), $group );
			$this->assertSame( 'true', $set->getAttribute( 'aria-required' ), $group );
		}
		$boxes = $x->query( "//div[@data-field='f_check']//fieldset" )->item( 0 );
		$this->assertFalse( $boxes->hasAttribute( 'aria-required' ) );
		$this->assertStringEndsWith( '(لازم)', trim( $x->query( 'legend', $boxes )->item( 0 )->textContent ) );
		foreach ( $x->query( '//fieldset[@aria-required]' ) as $set ) {
			$this->assertSame( 'radiogroup', $set->getAttribute( 'role' ), 'aria-required only on a radiogroup' );
		}
		// The printed token carries its issue time, for the script to tell a cached page.
		$issued = (int) $x->query( "//input[@name='arshline_form_token']" )->item( 0 )->getAttribute( 'data-issued-at' );
		$this->assertEqualsWithDelta( time(), $issued, 5 );
		// The honeypot is hidden from people and screen readers.
		$hp = $x->query( "//div[contains(@class,'arshline-form__hp')]" )->item( 0 );
		$this->assertSame( 'true', $hp->getAttribute( 'aria-hidden' ) );
		$this->assertSame( '-1', $x->query( "//input[@name='arshline_hp']" )->item( 0 )->getAttribute( 'tabindex' ) );
		// show_if is carried for the script; the page has the form token and an idempotency key.
		$this->assertSame( '{"field":"f_radio","op":"equals","value":"a"}', $x->query( "//div[@data-field='f_later']" )->item( 0 )->getAttribute( 'data-show-if' ) );
		$this->assertSame( 32, strlen( $x->query( "//input[@name='arshline_idempotency']" )->item( 0 )->getAttribute( 'value' ) ) );
		$this->assertGreaterThan( 20, strlen( $x->query( "//input[@name='arshline_form_token']" )->item( 0 )->getAttribute( 'value' ) ) );
	}

	public function test_a_draft_renders_nothing_for_visitors_and_a_notice_for_managers() {
		self::boot();
		$form = self::hostile_form( 'draft' );
		$this->assertSame( '', Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$this->assertSame( '', Arshline_Sidecar_Public::render_form( 0, (string) $form['public_token'] ) );
		self::login_with_caps( array( 'manage_arshline_forms' ) );
		$notice                 = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		$this->assertStringContainsString( 'arshline-form--notice', $notice );
		$this->assertStringContainsString( 'منتشر نشده', $notice );
		$this->assertStringNotContainsString( '<form', $notice );
	}

	public function test_a_plain_post_is_accepted_and_redirected_to_the_tracking_code() {
		self::boot();
		$form   = self::national_code_form( array( 'thank_you' => 'سپاس <b>از شما</b>' ) );
		$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$result = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'      => $form['public_token'],
				'arshline_form_token'  => $public['form_token'],
				'arshline_idempotency' => 'k-1',
				'arshline_hp'          => '',
				'arshline'             => array(
					'name' => 'مریم',
					'code' => '۰۰۸۴۵۷۵۹۴۸',
				),
			)
		);
		$this->assertArrayHasKey( 'redirect', $result, json_encode( $result, JSON_UNESCAPED_UNICODE ) );
		$this->assertMatchesRegularExpression( '#^https://example\.test/contact/\?arshline_done=[a-f0-9]{32}$#', $result['redirect'] );
		$this->assertMatchesRegularExpression( '/^\d{10}$/', $result['receipt']['tracking_code'] );

		// Only the address redirected to shows the code.
		$this->assertStringNotContainsString( $result['receipt']['tracking_code'], Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		parse_str( (string) parse_url( $result['redirect'], PHP_URL_QUERY ), $query );
		$_GET['arshline_done'] = $query['arshline_done'];
		$thanks                = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		// The code in Persian digits on a Persian page.
		$this->assertStringContainsString( Arshline_Sidecar_Public_Renderer::digits( $result['receipt']['tracking_code'], true ), $thanks );
		$this->assertMatchesRegularExpression( '/<strong dir="ltr">[۰-۹]{10}<\/strong>/u', $thanks );
		$this->assertStringContainsString( 'سپاس &lt;b&gt;از شما&lt;/b&gt;', $thanks );
		$this->assertStringContainsString( 'role="status"', $thanks );
		$this->assertStringNotContainsString( '<form', $thanks );
		$_GET['arshline_done'] = str_repeat( 'a', 32 );
		$this->assertStringContainsString( '<form', Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );

		// The same idempotency key is the same submission.
		$again = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'      => $form['public_token'],
				'arshline_form_token'  => $public['form_token'],
				'arshline_idempotency' => 'k-1',
				'arshline'             => array(
					'name' => 'مریم',
					'code' => '۰۰۸۴۵۷۵۹۴۸',
				),
			)
		);
		$this->assertSame( $result['receipt']['tracking_code'], $again['receipt']['tracking_code'] );
	}

	public function test_a_bad_national_code_is_re_rendered_in_persian_with_the_values_typed() {
		self::boot();
		$form   = self::national_code_form();
		$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$result = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'      => $form['public_token'],
				'arshline_form_token'  => $public['form_token'],
				'arshline_idempotency' => 'k-2',
				'arshline'             => array(
					'name' => 'علی "<b>',
					'code' => '۱۲۳۴۵۶۷۸۹۰',
				),
			)
		);
		$this->assertArrayNotHasKey( 'redirect', $result );
		$this->assertSame( 422, $result['status'] );
		$this->assertArrayHasKey( 'code', $result['state']['errors'] );
		$this->assertPersian( $result['state']['errors']['code'] );
		$this->assertNotSame( 'k-2', $result['state']['idempotency'], 'the next send gets a new key' );

		$html = Arshline_Sidecar_Public::render_form( (int) $form['id'], '' );
		$x    = self::dom( $html );
		$code = $x->query( "//div[@data-field='code']//input" )->item( 0 );
		$this->assertSame( '۱۲۳۴۵۶۷۸۹۰', $code->getAttribute( 'value' ) );
		$this->assertSame( 'true', $code->getAttribute( 'aria-invalid' ) );
		$error = $x->query( "//div[@data-field='code']//p[contains(@class,'arshline-field__error')]" )->item( 0 );
		$this->assertSame( $result['state']['errors']['code'], $error->textContent );
		$this->assertStringContainsString( $error->getAttribute( 'id' ), $code->getAttribute( 'aria-describedby' ) );
		$this->assertSame( 'علی "<b>', $x->query( "//div[@data-field='name']//input" )->item( 0 )->getAttribute( 'value' ) );
		$summary = $x->query( "//div[contains(@class,'arshline-form__summary')]" )->item( 0 );
		$this->assertSame( 'alert', $summary->getAttribute( 'role' ) );
		$this->assertFalse( $summary->hasAttribute( 'hidden' ) );
		$this->assertSame( '#' . $code->getAttribute( 'id' ), $x->query( './/a', $summary )->item( 0 )->getAttribute( 'href' ) );
	}

	public function test_the_honeypot_is_refused() {
		self::boot();
		$form   = self::national_code_form();
		$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$result = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'     => $form['public_token'],
				'arshline_form_token' => $public['form_token'],
				'arshline_hp'         => 'http://spam.example',
				'arshline'            => array(
					'name' => 'bot',
					'code' => '0084575948',
				),
			)
		);
		$this->assertArrayNotHasKey( 'redirect', $result );
		$this->assertSame( 422, $result['status'] );
		$this->assertArrayHasKey( '', $result['state']['errors'] );
		$this->assertPersian( $result['state']['errors'][''] );
	}

	public function test_a_closed_form_and_a_daemon_that_is_down() {
		self::boot( sys_get_temp_dir() . '/arshline-no-such-daemon-' . getmypid() . '.sock' );
		$result = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit' => 'abcdef',
				'arshline'        => array( 'name' => 'مریم' ),
			)
		);
		$this->assertSame( 503, $result['status'] );
		$this->assertStringContainsString( 'چند لحظهٔ دیگر', $result['state']['status_message'] );
		$this->assertSame( array( 'name' => 'مریم' ), $result['state']['values'], 'what was typed is kept' );
		// The page of that POST says the answers were not sent and how to get them back.
		$notice = Arshline_Sidecar_Public::render_form( 3, '' );
		$this->assertStringContainsString( 'ارسال نشد', $notice );
		$this->assertStringContainsString( 'بازگشت مرورگر', $notice );
		$this->assertStringContainsString( 'role="status"', $notice );
	}

	public function test_a_form_closed_since_loading_answers_410() {
		self::boot();
		$form   = self::national_code_form();
		$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		self::admin(
			'forms.set_status',
			array(
				'id'     => (int) $form['id'],
				'status' => 'disabled',
			)
		);
		$result = Arshline_Sidecar_Public::handle_post(
			array(
				'arshline_submit'     => $form['public_token'],
				'arshline_form_token' => $public['form_token'],
				'arshline'            => array( 'name' => 'x' ),
			)
		);
		$this->assertSame( 410, $result['status'] );
		$this->assertPersian( $result['state']['status_message'] );
	}

	public function test_the_builder_preview_is_the_public_renderer() {
		self::boot();
		if ( ! defined( 'ARSHLINE_SIDECAR_FILE' ) ) {
			define( 'ARSHLINE_SIDECAR_FILE', dirname( __DIR__ ) . '/arshline-sidecar/arshline-sidecar.php' );
			define( 'ARSHLINE_SIDECAR_DIR', dirname( __DIR__ ) . '/arshline-sidecar/' );
		}
		if ( ! function_exists( 'plugins_url' ) ) {
			function plugins_url( $path = '', $plugin = '' ) {
				return 'https://example.test/wp-content/plugins/' . basename( dirname( $plugin ) ) . '/' . ltrim( $path, '/' );
			}
		}
		$document = array(
			'version' => 'arshline_form@v1',
			'fields'  => array(
				array(
					'id'    => 'born',
					'type'  => 'date',
					'label' => 'تاریخ <b>تولد</b>',
					'min'   => '2024-03-20',
				),
				array(
					'id'       => 'mobile',
					'type'     => 'text',
					'label'    => 'موبایل',
					'format'   => 'mobile_ir',
					'required' => true,
				),
			),
		);
		$request = new WP_REST_Request( 'POST', '/arshline/v1/forms/1/preview' );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( json_encode( array( 'document' => $document, 'title' => 'پیش‌نمایش' ) ) );
		$got = ( new Arshline_Sidecar_REST_Builder_Controller() )->preview( $request );
		$this->assertSame( 200, $got->get_status() );
		$body = $got->get_data();
		// The very markup visitors get: the same renderer on the same document.
		$visitor = ( new Arshline_Sidecar_Public_Renderer(
			array(
				'token'      => 'preview',
				'title'      => 'پیش‌نمایش',
				'locale'     => 'fa_IR',
				'document'   => $document,
				'form_token' => '',
			)
		) )->render( array( 'action' => '' ) );
		$strip = function ( $html ) {
			// Element ids are numbered per page and the idempotency key is random.
			return preg_replace( array( '/arshline-\d+-/', '/name="arshline_idempotency" value="[^"]*"/', '/data-issued-at="\d+"/' ), array( 'arshline-N-', '', '' ), $html );
		};
		$this->assertSame( $strip( $visitor ), $strip( $body['html'] ) );
		$this->assertStringContainsString( 'data-calendar="jalali"', $body['html'], 'the date is Jalali, as visitors get it' );
		$this->assertStringContainsString( 'تاریخ &lt;b&gt;تولد&lt;/b&gt;', $body['html'], 'a label is text' );
		$this->assertSame( file_get_contents( ARSHLINE_SIDECAR_DIR . 'build/public-rtl.css' ), $body['style'], 'the public stylesheet, right to left' );
		$this->assertStringEndsWith( 'build/public.js?ver=' . rawurlencode( ( require ARSHLINE_SIDECAR_DIR . 'build/public.asset.php' )['version'] ), $body['script'] );
		$this->assertStringEndsWith( '/build/', $body['base'] );
		$this->assertSame( 'rtl', $body['dir'] );

		$bad = new WP_REST_Request( 'POST', '/arshline/v1/forms/1/preview' );
		$bad->set_header( 'content-type', 'application/json' );
		$bad->set_body( json_encode( array( 'document' => array( 1, 2 ) ) ) );
		$this->assertSame( 400, ( new Arshline_Sidecar_REST_Builder_Controller() )->preview( $bad )->get_status() );
	}

	public function test_the_rest_routes() {
		self::boot();
		$routes = rest_get_server()->get_routes();
		$base   = '/arshline/v1/public/forms/(?P<token>[A-Za-z0-9_-]{1,128})';
		foreach ( array( $base => 'GET', "$base/submissions" => 'POST', "$base/uploads" => 'POST' ) as $route => $method ) {
			$this->assertArrayHasKey( $route, $routes );
			$this->assertSame( array( $method ), array_keys( $routes[ $route ][0]['methods'] ) );
			$this->assertSame( '__return_true', $routes[ $route ][0]['permission_callback'], 'anyone may answer a form' );
			$this->assertIsCallable( rest_get_server()->get_route_options( $route )['schema'] );
		}
		$this->assertSame( array(), $this->wrong );
		$controller = new Arshline_Sidecar_REST_Public_Controller();
		foreach ( array( $controller->get_item_schema(), $controller->get_receipt_schema(), $controller->get_upload_schema() ) as $schema ) {
			$this->assertSame( 'http://json-schema.org/draft-04/schema#', $schema['$schema'] );
			$this->assertMatchesRegularExpression( '/^arshline-public-[a-z]+$/', $schema['title'] );
		}

		$form    = self::national_code_form( array( 'notify_emails' => array( 'owner@example.test' ) ) );
		$request = new WP_REST_Request( 'GET', '/arshline/v1/public/forms/' . $form['public_token'] );
		$request->set_url_params( array( 'token' => $form['public_token'] ) );
		$got = $controller->get_item( $request );
		$this->assertSame( 200, $got->get_status() );
		$this->assertSame( 'no-store, max-age=0', $got->get_headers()['Cache-Control'] );
		$body = $got->get_data();
		$this->assertSame( $form['public_token'], $body['token'] );
		$this->assertArrayNotHasKey( 'notify_emails', (array) ( $body['document']['settings'] ?? array() ), 'respondents never see the addresses' );

		// A refusal: each field's messages in both languages.
		$post = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/submissions' );
		$post->set_url_params( array( 'token' => $form['public_token'] ) );
		$post->set_header( 'content-type', 'application/json' );
		$post->set_body(
			json_encode(
				array(
					'answers'    => array( 'code' => '۱۲۳۴۵۶۷۸۹۰' ),
					'form_token' => $body['form_token'],
				)
			)
		);
		$refused = $controller->create_item( $post );
		$this->assertSame( 422, $refused->get_status() );
		$fields = array_column( $refused->get_data()['data']['fields'], null, 'field' );
		$this->assertArrayHasKey( 'code', $fields );
		$this->assertArrayHasKey( 'name', $fields, 'a required answer left out' );
		$this->assertPersian( $fields['code']['message_fa'] );
		$this->assertNotSame( '', $fields['name']['message_en'] );

		// Accepted, form-encoded as a plain form would send it.
		$ok = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/submissions' );
		$ok->set_url_params( array( 'token' => $form['public_token'] ) );
		$ok->set_body_params(
			array(
				'answers'         => array(
					'name' => 'سارا',
					'code' => '0084575948',
				),
				'form_token'      => $body['form_token'],
				'idempotency_key' => 'rest-1',
			)
		);
		$receipt = $controller->create_item( $ok );
		$this->assertSame( 201, $receipt->get_status(), json_encode( $receipt->get_data(), JSON_UNESCAPED_UNICODE ) );
		$this->assertMatchesRegularExpression( '/^\d{10}$/', $receipt->get_data()['tracking_code'] );
		$this->assertSame( array( 'tracking_code', 'thank_you' ), array_keys( $receipt->get_data() ) );

		// The notification: owed by the daemon with the submission, sent
		// by WP-cron's next pull; minimal, without answers.
		$this->assertCount( 0, Arshline_Test_Mail::$mails, 'no mail holds up the respondent' );
		$this->assertNotFalse( wp_next_scheduled( Arshline_Sidecar_Public_Mail::HOOK, array( 'submission' ) ), 'a pull is scheduled' );
		do_action( Arshline_Sidecar_Public_Mail::HOOK, 'submission' );
		$this->assertCount( 1, Arshline_Test_Mail::$mails );
		$mail = Arshline_Test_Mail::$mails[0];
		$this->assertSame( 'owner@example.test', $mail['to'] );
		$this->assertStringContainsString( $receipt->get_data()['tracking_code'], $mail['message'] );
		$this->assertStringContainsString( 'ثبت‌نام', $mail['message'] );
		$this->assertStringContainsString( 'https://example.test/wp-admin/admin.php?page=arshline-sidecar#entries/' . $form['id'], $mail['message'] );
		$this->assertStringNotContainsString( 'سارا', $mail['message'] );
		$this->assertStringNotContainsString( '0084575948', $mail['message'] );

		// A closed form: 410 to respondents, whatever the route.
		$request->set_url_params( array( 'token' => 'no-such-token' ) );
		$this->assertSame( 410, $controller->get_item( $request )->get_status() );
	}

	public function test_the_daemon_limits_how_often_one_client_submits() {
		self::boot( Arshline_Test_Processes::daemon( 'public-limit', array( '--submit-min-fill', '0s', '--submit-per-client-per-minute', '2' ) ) );
		$form       = self::national_code_form();
		$controller = new Arshline_Sidecar_REST_Public_Controller();
		$statuses   = array();
		for ( $i = 0; $i < 3; $i++ ) {
			$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
			$post   = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/submissions' );
			$post->set_url_params( array( 'token' => $form['public_token'] ) );
			$post->set_body_params(
				array(
					'answers'    => array(
						'name' => 'n' . $i,
						'code' => '0084575948',
					),
					'form_token' => $public['form_token'],
				)
			);
			$response   = $controller->create_item( $post );
			$statuses[] = $response->get_status();
		}
		$this->assertSame( array( 201, 201, 429 ), $statuses );
		$this->assertGreaterThan( 0, (int) $response->get_headers()['Retry-After'] );
		$this->assertSame( 'RATE_LIMIT', $response->get_data()['data']['error'] );

		// Another address is another client.
		$_SERVER['REMOTE_ADDR'] = '203.0.113.8';
		$public                 = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$receipt                = Arshline_Sidecar_Public::submit( $form['public_token'], array( 'name' => 'x', 'code' => '0084575948' ), $public['form_token'], '', '' );
		$this->assertIsArray( $receipt );
	}

	public function test_an_upload_goes_through_the_public_route_in_chunks() {
		self::boot();
		$form  = self::create_form(
			'file',
			array(
				array(
					'id'     => 'doc',
					'type'   => 'file',
					'label'  => 'پرونده',
					'accept' => array( 'text/plain' ),
				),
			)
		);
		$public = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$path   = tempnam( sys_get_temp_dir(), 'arsh' );
		file_put_contents( $path, str_repeat( "سلام دنیا\n", 40000 ) ); // About 560 KB: three chunks.
		$upload_id = Arshline_Sidecar_Public::upload_file( $form['public_token'], $public['form_token'], 'doc', 'a.txt', $path );
		unlink( $path );
		$this->assertIsString( $upload_id, is_wp_error( $upload_id ) ? $upload_id->get_error_message() : '' );
		$receipt = Arshline_Sidecar_Public::submit( $form['public_token'], array( 'doc' => array( array( 'upload_id' => $upload_id ) ) ), $public['form_token'], 'up-1', '' );
		$this->assertIsArray( $receipt, is_wp_error( $receipt ) ? $receipt->get_error_message() : '' );

		$controller = new Arshline_Sidecar_REST_Public_Controller();
		$chunk      = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/uploads' );
		$chunk->set_url_params( array( 'token' => $form['public_token'] ) );
		$chunk->set_body_params(
			array(
				'form_token' => $public['form_token'],
				'field'      => 'doc',
				'name'       => 'b.txt',
				'size'       => 5,
				'offset'     => 0,
				'data'       => base64_encode( 'hello' ),
				'final'      => 'true',
			)
		);
		$answer = $controller->upload( $chunk );
		$this->assertSame( 200, $answer->get_status(), json_encode( $answer->get_data() ) );
		$this->assertSame( 5, $answer->get_data()['received'] );
	}

	public function test_the_block_and_the_shortcode_render_the_same_form() {
		self::boot();
		$form  = self::national_code_form();
		$token = (string) $form['public_token'];
		foreach (
			array(
				'block'           => Arshline_Sidecar_Public::render_block( array( 'formId' => (int) $form['id'] ) ),
				'shortcode id'    => Arshline_Sidecar_Public::shortcode( array( 'id' => (string) $form['id'] ) ),
				'shortcode token' => Arshline_Sidecar_Public::shortcode( array( 'token' => $token ) ),
			) as $how => $html
		) {
			$x = self::dom( $html );
			$this->assertSame( $token, $x->query( "//input[@name='arshline_submit']" )->item( 0 )->getAttribute( 'value' ), $how );
			$this->assertSame( 2, $x->query( "//div[contains(@class,'arshline-field ')]" )->length, $how );
		}
		$this->assertSame( '', Arshline_Sidecar_Public::render_block( array() ), 'a block with no form chosen shows nothing' );
		$this->assertSame( '', Arshline_Sidecar_Public::shortcode( array( 'token' => '"><script>' ) ) );
		$this->assertSame( '', Arshline_Sidecar_Public::shortcode( '' ) );
	}

	public function test_the_address_is_hashed_with_the_site_secret_and_a_proxy_header_only_when_configured() {
		self::boot();
		$hash = Arshline_Sidecar_Public::ip_hash();
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{64}$/', $hash );
		$secret = get_option( Arshline_Sidecar_Public::OPTION_SECRET );
		$this->assertSame( 64, strlen( $secret ) );
		$this->assertSame( hash_hmac( 'sha256', '203.0.113.7', $secret ), $hash );
		$this->assertNotSame( hash( 'sha256', '203.0.113.7' ), $hash );
		$this->assertSame( $hash, Arshline_Sidecar_Public::ip_hash(), 'the secret is kept' );
		$this->assertStringNotContainsString( '203.0.113.7', json_encode( Arshline_Sidecar_Public::client() ) );

		// A forwarded header is ignored until the administrator names it.
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.9, 10.0.0.1';
		$this->assertSame( '203.0.113.7', Arshline_Sidecar_Public::client_ip() );
		update_option( Arshline_Sidecar_Public::OPTION_PROXY, 'HTTP_X_FORWARDED_FOR' );
		$this->assertSame( '10.0.0.1', Arshline_Sidecar_Public::client_ip(), 'the address the proxy (REMOTE_ADDR) appended' );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = 'not an address';
		$this->assertSame( '203.0.113.7', Arshline_Sidecar_Public::client_ip() );
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'] );
	}

	public function test_the_client_is_the_rightmost_address_no_trusted_proxy_wrote() {
		self::boot();
		update_option( Arshline_Sidecar_Public::OPTION_PROXY, 'HTTP_X_FORWARDED_FOR' );
		// The visitor writes the first hops: rotating them changes nothing.
		foreach ( array( '1.1.1.1', '2.2.2.2, 3.3.3.3', 'garbage, 4.4.4.4' ) as $spoofed ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = $spoofed . ', 198.51.100.9';
			$this->assertSame( '198.51.100.9', Arshline_Sidecar_Public::client_ip(), $spoofed );
		}
		// Behind two proxies the administrator lists: the hop before them.
		update_option( Arshline_Sidecar_Public::OPTION_TRUSTED_PROXIES, "203.0.113.0/24\n10.0.0.0/8 2001:db8:ffff::/48" );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '1.1.1.1, 198.51.100.9, 10.1.2.3';
		$this->assertSame( '198.51.100.9', Arshline_Sidecar_Public::client_ip() );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '1.1.1.1, 2001:db8:5::7, 2001:db8:ffff::1';
		$this->assertSame( '2001:db8:5::7', Arshline_Sidecar_Public::client_ip() );
		// Every hop trusted: the first one.
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '10.9.9.9, 10.1.2.3';
		$this->assertSame( '10.9.9.9', Arshline_Sidecar_Public::client_ip() );
		// A request that did not come through a listed proxy: its header is
		// the visitor's own, and ignored.
		update_option( Arshline_Sidecar_Public::OPTION_TRUSTED_PROXIES, '10.0.0.0/8' );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.9';
		$this->assertSame( '203.0.113.7', Arshline_Sidecar_Public::client_ip() );
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'] );
	}

	public function test_an_ipv6_client_is_its_64_and_a_mapped_ipv4_its_address() {
		self::boot();
		$this->assertSame( Arshline_Sidecar_Public::ip_hash( '2001:db8:1:2::1' ), Arshline_Sidecar_Public::ip_hash( '2001:db8:1:2:ffff:eeee:dddd:cccc' ), 'one /64, one client' );
		$this->assertNotSame( Arshline_Sidecar_Public::ip_hash( '2001:db8:1:2::1' ), Arshline_Sidecar_Public::ip_hash( '2001:db8:1:3::1' ) );
		$this->assertSame( Arshline_Sidecar_Public::ip_hash( '203.0.113.7' ), Arshline_Sidecar_Public::ip_hash( '::ffff:203.0.113.7' ) );
		$this->assertNotSame( Arshline_Sidecar_Public::ip_hash( '203.0.113.7' ), Arshline_Sidecar_Public::ip_hash( '203.0.113.8' ) );
		$secret = get_option( Arshline_Sidecar_Public::OPTION_SECRET );

		add_filter(
			'arshline_sidecar_client_ip',
			function () {
				return '2001:db8::1';
			}
		);
		$this->assertSame( hash_hmac( 'sha256', '2001:db8::/64', $secret ), Arshline_Sidecar_Public::ip_hash() );

		// Another site's secret gives another hash.
		update_option( Arshline_Sidecar_Public::OPTION_SECRET, str_repeat( 'b', 64 ) );
		$this->assertNotSame( hash_hmac( 'sha256', '2001:db8::/64', $secret ), Arshline_Sidecar_Public::ip_hash() );
	}

	public function test_the_respondent_actor_has_no_capability_whoever_is_logged_in() {
		self::boot();
		self::login_with_caps( array( 'manage_options', 'manage_arshline_forms' ) );
		$actor                  = Arshline_Sidecar_Public::respondent_actor();
		$this->assertSame( 0, $actor['user_id'] );
		$this->assertSame( array(), $actor['caps'] );
		$this->assertSame( 'fa_IR', $actor['locale'] );
		$this->assertSame( 1, $actor['site_id'] );
		$this->assertSame( array( 'manage_arshline_forms' ), Arshline_Sidecar_Public::system_actor()['caps'] );
	}
}
