/**
 * @wordpress/scripts' webpack configuration, pointed at the plugin. Each
 * admin page has its own entry (src/admin/pages/), so a page loads its own
 * script and no other's: forms, new-form, ai, settings, and form-<tab> for
 * the tabs of a form's screen (build, settings, entries, results,
 * versions). Each becomes build/<entry>.js with build/<entry>.asset.php
 * (its WordPress script dependencies and a content hash as its version).
 * The public form's script and stylesheet (src/public/) become
 * build/public.js and build/public.css, and the form block's editor
 * script (src/blocks/form/) build/block-form.js.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

const pages = [ 'forms', 'new-form', 'ai', 'settings', 'form-build', 'form-settings', 'form-entries', 'form-results', 'form-versions' ];
const entry = {};
pages.forEach( function ( name ) {
	entry[ name ] = path.resolve( __dirname, 'arshline-sidecar/src/admin/pages/' + name + '.js' );
} );
entry.public = path.resolve( __dirname, 'arshline-sidecar/src/public/index.js' );
entry[ 'block-form' ] = path.resolve( __dirname, 'arshline-sidecar/src/blocks/form/index.js' );

module.exports = {
	...defaultConfig,
	entry,
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'arshline-sidecar/build' ),
	},
};
