<?php
/**
 * The results and export routes through WordPress's REST server to a real
 * arshlined: a form answered through the daemon, its summary per
 * question, and its export streamed page by page as the browser gets it.
 *
 * Runs on the real WordPress, each test in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * Results and export over REST.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class ResultsRestTest extends Arshline_Answered_Form_Test_Case {

	const DAEMON = 'results';

	/**
	 * The first text answer is a formula; the others say which they are.
	 *
	 * @param int $i The submission's number.
	 * @return string
	 */
	protected function text_answer( $i ) {
		return 0 === $i ? '=HYPERLINK("http://x.example","y")' : 'پاسخ ' . $i;
	}

	public function test_the_summary_counts_each_question() {
		list( $form_id, $ids ) = $this->answered_form( 3 );
		$response = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/results" );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$summary = $response->get_data();
		$this->assertSame( 3, $summary->total, wp_json_encode( $summary ) . " form $form_id ids " . implode( ",", $ids ) );
		$fields = array();
		foreach ( $summary->fields as $field ) {
			$fields[ $field->id ] = $field;
		}
		$this->assertSame( 'رنگ', $fields['f2']->label );
		$this->assertSame( 3, $fields['f2']->answered );
		$this->assertSame( 2, $fields['f2']->counts->o1 );
		$this->assertSame( 1, $fields['f2']->counts->o2 );
		$this->assertSame( 3, $fields['f1']->answered );

		$none = arshline_test_rest(
			'GET',
			"/arshline/v1/forms/$form_id/results",
			array(
				'from' => '۱۳۹۰/۰۱/۰۱',
				'to'   => '1390/12/29',
			)
		)->get_data();
		$this->assertSame( 0, $none->total );
		$this->assertSame( 404, arshline_test_rest( 'GET', '/arshline/v1/forms/999999/results' )->get_status() );
	}

	public function test_the_file_link_keeps_the_daemons_placeholders_with_plain_permalinks() {
		$link = Arshline_Sidecar_REST_Results_Controller::file_link( 7 );
		$this->assertStringContainsString( '{submission_id}', $link );
		$this->assertStringContainsString( '{upload_id}', $link );
		// Filled in as the daemon fills it, the link reaches the file route.
		$filled = str_replace( array( '{submission_id}', '{upload_id}' ), array( '12', 'aB-_9' ), $link );
		parse_str( (string) wp_parse_url( $filled, PHP_URL_QUERY ), $query );
		$this->assertSame( '/arshline/v1/forms/7/submissions/12/files/aB-_9', $query['rest_route'], $filled );
		$this->assertSame( wp_create_nonce( 'wp_rest' ), $query['_wpnonce'], $filled );
	}

	public function test_the_csv_export_streams_with_a_bom_and_no_formula() {
		list( $form_id ) = $this->answered_form( 3 );
		$response        = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export", array( 'format' => 'csv' ) );
		$this->assertSame( 200, $response->get_status(), is_object( $response->get_data() ) && ! $response->get_data() instanceof Arshline_Sidecar_REST_Stream ? wp_json_encode( $response->get_data() ) : '' );
		$headers = $response->get_headers();
		$this->assertSame( 'text/csv; charset=utf-8', $headers['Content-Type'] );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] );
		$this->assertMatchesRegularExpression( '/^attachment; filename="[A-Za-z0-9_-]+\.csv"; filename\*=UTF-8\'\'/', $headers['Content-Disposition'] );
		$stream = $response->get_data();
		$this->assertInstanceOf( Arshline_Sidecar_REST_Stream::class, $stream );
		$bytes = '';
		$stream->send(
			function ( $piece ) use ( &$bytes ) {
				$bytes .= $piece;
			}
		);
		$this->assertStringStartsWith( "\xEF\xBB\xBF", $bytes );
		$this->assertStringContainsString( 'رنگ', $bytes );
		$this->assertStringContainsString( 'سرخ', $bytes );
		$this->assertStringContainsString( "'=HYPERLINK", $bytes );
		$this->assertDoesNotMatchRegularExpression( '/(^|,|\r\n)"?=HYPERLINK/', $bytes );
		$this->assertSame( 4, substr_count( $bytes, "\r\n" ), 'a header and three rows' );
	}

	public function test_an_exported_file_is_named_and_linked_to_its_route() {
		list( $form_id, $ids ) = $this->answered_form( 1, true );
		$stream                = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export", array( 'format' => 'csv' ) )->get_data();
		$this->assertInstanceOf( Arshline_Sidecar_REST_Stream::class, $stream );
		$bytes = '';
		$stream->send(
			function ( $piece ) use ( &$bytes ) {
				$bytes .= $piece;
			}
		);
		// The route as WordPress reads it: plain permalinks carry it encoded
		// in ?rest_route=, with the nonce of the admin who exported.
		$this->assertMatchesRegularExpression(
			'#گزارش "نهایی"\.txt — https://example\.test/\S*/arshline/v1/forms/' . $form_id . '/submissions/' . $ids[0] . '/files/[A-Za-z0-9_-]{22}[?&]_wpnonce=([0-9a-f]{10})#u',
			rawurldecode( str_replace( '""', '"', $bytes ) )
		);
		preg_match( '#[?&]_wpnonce=([0-9a-f]{10})#', $bytes, $nonce );
		$this->assertSame( 1, wp_verify_nonce( $nonce[1], 'wp_rest' ), 'the link\'s nonce is the exporting admin\'s' );
	}

	public function test_the_export_is_written_page_by_page() {
		list( $form_id ) = $this->answered_form( 2 );
		// Pages the daemon gives (two), written in order, the second only once the first is out.
		$pages    = array(
			(object) array(
				'data'        => base64_encode( 'one,' ),
				'next_cursor' => 'c1',
				'done'        => false,
			),
			(object) array(
				'data' => base64_encode( 'two' ),
				'done' => true,
			),
		);
		$written  = array();
		$asked    = array();
		$stream   = new Arshline_Sidecar_REST_Stream(
			$pages[0],
			function ( $page ) use ( $pages, &$asked, &$written ) {
				$asked[] = count( $written );
				return empty( $page->done ) ? $pages[1] : null;
			}
		);
		$this->assertTrue(
			$stream->send(
				function ( $bytes ) use ( &$written ) {
					$written[] = $bytes;
				}
			)
		);
		$this->assertSame( array( 'one,', 'two' ), $written );
		$this->assertSame( array( 1, 2 ), $asked );
		$this->assertSame(
			array(
				'pages' => 2,
				'bytes' => 7,
			),
			$stream->sent()
		);
		$xlsx = arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export", array( 'format' => 'xlsx' ) );
		$this->assertSame( 200, $xlsx->get_status() );
		$this->assertSame( 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', $xlsx->get_headers()['Content-Type'] );
		$bytes = '';
		$xlsx->get_data()->send(
			function ( $piece ) use ( &$bytes ) {
				$bytes .= $piece;
			}
		);
		$this->assertStringStartsWith( "PK\x03\x04", $bytes );
		$this->assertSame( 400, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export", array( 'format' => 'pdf' ) )->get_status() );
	}

	public function test_refused_without_the_capability_or_the_nonce() {
		list( $form_id ) = $this->answered_form( 1 );
		self::login_with_caps( array( 'read', 'manage_options' ) );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/results" )->get_status() );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export" )->get_status() );
		self::login_with_caps( array( 'read', 'manage_arshline_forms' ) );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/results", array(), false )->get_status() );
		$this->assertSame( 403, arshline_test_rest( 'GET', "/arshline/v1/forms/$form_id/export", array(), false )->get_status() );
	}
}
