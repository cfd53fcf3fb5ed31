<?php
/**
 * The bench's theme: a classic theme's minimum (head, the post's content
 * through the_content, footer), so that the page's cost is WordPress's and
 * the plugin's, not a theme's.
 *
 * @package Arshline_Sidecar
 */

?><!doctype html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<main>
<?php
while ( have_posts() ) {
	the_post();
	echo '<article><h1>';
	the_title();
	echo '</h1>';
	the_content();
	echo '</article>';
}
?>
</main>
<?php wp_footer(); ?>
</body>
</html>
