/**
 * The arshline/form block in the editor: a form picker in the sidebar
 * (the site's published forms, read through the forms route the admin
 * page uses), the form's font (the theme's, or the plugin's own
 * Vazirmatn) and the server's rendering as the preview. The block saves
 * nothing but its formId and font: the form is rendered by PHP on every view.
 */

import { registerBlockType } from '@wordpress/blocks';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { PanelBody, SelectControl, Spinner, Placeholder, TextControl } from '@wordpress/components';
import { createElement as el, useEffect, useState } from '@wordpress/element';
import apiFetch from '@wordpress/api-fetch';
import ServerSideRender from '@wordpress/server-side-render';
import { __ } from '@wordpress/i18n';

// The rest of the block's definition (title, attributes, supports) comes
// from blocks/form/block.json, which PHP registers and WordPress hands to
// the editor.
var NAME = 'arshline/form';

function useForms() {
	var [ state, setState ] = useState( { loading: true, forms: [], failed: false } );
	useEffect( function () {
		var live = true;
		apiFetch( { path: '/arshline/v1/forms?status=published&limit=200' } ).then(
			function ( body ) {
				var list = Array.isArray( body ) ? body : ( body && body.items ) || [];
				if ( live ) {
					setState( { loading: false, forms: list, failed: false } );
				}
			},
			function () {
				if ( live ) {
					setState( { loading: false, forms: [], failed: true } );
				}
			}
		);
		return function () {
			live = false;
		};
	}, [] );
	return state;
}

function Edit( props ) {
	var formId = props.attributes.formId;
	var state = useForms();
	var blockProps = useBlockProps();
	var picker;
	function pick( v ) {
		props.setAttributes( { formId: parseInt( v, 10 ) || 0 } );
	}
	if ( state.loading ) {
		picker = el( Spinner );
	} else if ( state.failed ) {
		picker = el( TextControl, {
			label: __( 'Form id', 'arshline-sidecar' ),
			help: __( 'The list of forms could not be read; type the form\'s id.', 'arshline-sidecar' ),
			type: 'number',
			value: formId || '',
			onChange: pick,
		} );
	} else {
		picker = el( SelectControl, {
			label: __( 'Form', 'arshline-sidecar' ),
			value: String( formId || '' ),
			options: [ { value: '', label: __( 'Choose a published form…', 'arshline-sidecar' ) } ].concat(
				state.forms.map( function ( f ) {
					return { value: String( f.id ), label: f.title + ' (#' + f.id + ')' };
				} )
			),
			onChange: pick,
		} );
	}
	return el(
		'div',
		blockProps,
		el(
			InspectorControls,
			null,
			el( PanelBody, { title: __( 'Form', 'arshline-sidecar' ) }, picker ),
			el(
				PanelBody,
				{ title: __( 'Font', 'arshline-sidecar' ), initialOpen: false },
				el( SelectControl, {
					label: __( 'Font of the form', 'arshline-sidecar' ),
					help: __( 'Vazirmatn is served from this site with the plugin, never from another host.', 'arshline-sidecar' ),
					value: props.attributes.font || '',
					options: [
						{ value: '', label: __( 'The theme\'s font', 'arshline-sidecar' ) },
						{ value: 'vazirmatn', label: __( 'Vazirmatn (Persian)', 'arshline-sidecar' ) },
					],
					onChange: function ( v ) {
						props.setAttributes( { font: v } );
					},
				} )
			)
		),
		formId
			? el( ServerSideRender, { block: NAME, attributes: props.attributes } )
			: el(
				Placeholder,
				{ icon: 'feedback', label: __( 'Arshline form', 'arshline-sidecar' ), instructions: __( 'Choose a published form in the block settings.', 'arshline-sidecar' ) },
				picker
			)
	);
}

registerBlockType( NAME, {
	edit: Edit,
	save: function () {
		return null;
	},
} );
