<?php
/**
 * Creates the bench's two pages — the same title and text, one with the
 * form's shortcode after the first paragraph — and prints their ids.
 *
 * Usage: php pages.php DOCROOT FORM_ID   (prints "WITH_ID WITHOUT_ID")
 *
 * @package Arshline_Sidecar
 */

list( , $docroot, $form_id ) = $argv;
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'E2E_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'E2E_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $docroot . '/wp-load.php';

$intro = "<!-- wp:paragraph -->\n<p>از اینکه وقت می‌گذارید سپاسگزاریم. پاسخ‌های شما به ما کمک می‌کند خدمات را بهتر کنیم؛ پر کردن فرم حدود دو دقیقه طول می‌کشد.</p>\n<!-- /wp:paragraph -->\n\n";
$outro = "<!-- wp:paragraph -->\n<p>اگر سؤالی دارید با شمارهٔ پشتیبانی تماس بگیرید یا به دفتر ما در خیابان ولیعصر سر بزنید.</p>\n<!-- /wp:paragraph -->";
$form  = "<!-- wp:shortcode -->\n[arshline_form id=\"" . (int) $form_id . "\"]\n<!-- /wp:shortcode -->\n\n";

$ids = array();
foreach ( array( $intro . $form . $outro, $intro . $outro ) as $content ) {
	$id = wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_title'   => 'نظرسنجی رضایت',
			'post_content' => $content,
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, 'page: ' . $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$ids[] = $id;
}
echo implode( ' ', $ids ), "\n";
