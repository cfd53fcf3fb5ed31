<?php
/**
 * What the entries and results tests share: a daemon of their own, the
 * real WordPress with a forms manager logged in, a respondent's actor and a published form
 * answered through the daemon as respondents would answer it.
 *
 * @package Arshline_Sidecar
 */

/**
 * A test case with an answered form.
 */
abstract class Arshline_Answered_Form_Test_Case extends Arshline_WP_Test_Case {

	/**
	 * The name of the test's daemon (Arshline_Test_Processes::daemon).
	 */
	const DAEMON = 'answered';

	/**
	 * The daemon's client, for what a respondent does.
	 *
	 * @var Arshline_Sidecar_Client
	 */
	protected $daemon;

	protected function setUp(): void {
		parent::setUp();
		$socket = Arshline_Test_Processes::daemon( static::DAEMON, array( '--submit-min-fill', '0', '--submit-per-client-per-minute', '0' ) );
		self::use_daemon( $socket );
		// A forms manager, logged in by cookie: the admin's pages.
		self::login_with_caps( array( 'read', Arshline_Sidecar_Plugin::CAP ) );
		$this->daemon = new Arshline_Sidecar_Client( $socket, array( 'timeout' => 10.0 ) );
	}

	protected function tearDown(): void {
		$this->daemon->close();
	}

	/**
	 * A respondent of the site the plugin's calls name (anonymous, no
	 * capabilities).
	 *
	 * @return array
	 */
	protected static function respondent() {
		return self::actor( array(), 'fa_IR', 0, Arshline_Sidecar_Plugin::actor()['site_id'] );
	}

	/**
	 * The text answer of submission $i (0 first): the first is a formula,
	 * as a hostile respondent would send.
	 *
	 * @param int $i The submission's number.
	 * @return string
	 */
	protected function text_answer( $i ) {
		return array( '=HYPERLINK("http://x.example","y")', 'دفتر', 'قلم', 'کتاب خوب', 'میز' )[ $i % 5 ];
	}

	/**
	 * A published form with a text, a choice and a file question, and
	 * $n submissions to it; returns [form id, [submission ids, oldest first]].
	 *
	 * @param int  $n    Submissions.
	 * @param bool $file Whether the first carries a file.
	 * @return array
	 */
	protected function answered_form( $n, $file = false ) {
		$created = $this->daemon->call(
			'forms.create',
			array(
				'title'    => 'نظرسنجی',
				'status'   => 'published',
				'document' => array(
					'version' => 'arshline_form@v1',
					'fields'  => array(
						array(
							'id'    => 'f1',
							'type'  => 'text',
							'label' => 'نام',
						),
						array(
							'id'      => 'f2',
							'type'    => 'radio',
							'label'   => 'رنگ',
							'options' => array(
								array(
									'value' => 'o1',
									'label' => 'سرخ',
								),
								array(
									'value' => 'o2',
									'label' => 'سبز',
								),
							),
						),
						array(
							'id'    => 'f3',
							'type'  => 'file',
							'label' => 'پیوست',
						),
					),
				),
			),
			Arshline_Sidecar_Plugin::actor()
		);
		$this->assertIsArray( $created, $created instanceof WP_Error ? $created->get_error_message() : '' );
		$form_id = $created['form']['id'];
		$ids     = array();
		for ( $i = 0; $i < $n; $i++ ) {
			$public = $this->daemon->call( 'forms.public', array( 'id' => $form_id ), self::respondent() );
			$this->assertIsArray( $public, $public instanceof WP_Error ? $public->get_error_message() : '' );
			$answers = array(
				'f1' => $this->text_answer( $i ),
				'f2' => 0 === $i % 2 ? 'o1' : 'o2',
			);
			if ( $file && 0 === $i ) {
				$upload = $this->daemon->call(
					'submissions.upload',
					array(
						'token'      => $public['token'],
						'form_token' => $public['form_token'],
						'field'      => 'f3',
						'name'       => "../گزارش \"نهایی\".txt",
						'size'       => 11,
						'offset'     => 0,
						'data'       => base64_encode( 'hello world' ),
						'final'      => true,
						'client'     => array( 'ip_hash' => 'h' ),
					),
					self::respondent()
				);
				$this->assertIsArray( $upload, $upload instanceof WP_Error ? $upload->get_error_message() : '' );
				$answers['f3'] = array( array( 'upload_id' => $upload['upload_id'] ) );
			}
			$sent = $this->daemon->call(
				'submissions.submit',
				array(
					'token'      => $public['token'],
					'form_token' => $public['form_token'],
					'answers'    => $answers,
					'client'     => array( 'ip_hash' => 'client-' . $i ),
				),
				self::respondent()
			);
			$this->assertIsArray( $sent, $sent instanceof WP_Error ? $sent->get_error_message() : '' );
			$ids[] = $sent['submission_id'];
		}
		return array( $form_id, $ids );
	}
}
