/**
 * The form builder (a form's Build tab): every type and key of the
 * arshline_form@v1 document, as the service's schema (forms.schema)
 * lists them, edited by hand with no model and saved as one new version
 * (expected_version_id makes a concurrent edit a clear conflict), with
 * the service's objections shown beside their questions; the live
 * preview is the public form's own markup; when a model is configured, a
 * "describe a change" box runs Hosha2's edit on the saved form and shows
 * what changed before the admin keeps it. The state is the store of
 * builder-store.js.
 *
 * '#builder/ID/INDEX' in the address opens question INDEX.
 */

import { createElement as h, Fragment, useEffect, useLayoutEffect, useRef, useState } from '@wordpress/element';
import { Button, CheckboxControl, Notice, SelectControl, Spinner, TextControl, TextareaControl } from '@wordpress/components';
import { select as dataSelect, useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import { call, describe } from './api';
import { allows, answerable, jsonTypes, readSchema } from './builder-model';
import { store } from './builder-store';
import { formId as pageFormId, isFa, locale, nonces, pageUrl } from './config';
import { dateFormat, num, phaseLabel, statusLabel, stepSentence, TYPE_LABELS } from './i18n';
import { useProgress } from './progress';
import { FormPreview } from './preview-frame';
import { changeLines, fieldLabel } from './version-changes';

const T = 'arshline-sidecar';

/* ---------- words ---------- */

function formatLabels() {
	return {
		mobile_ir: __( 'Iranian mobile number', T ),
		phone_ir: __( 'Iranian landline number', T ),
		national_code: __( 'National code', T ),
		postal_code_ir: __( 'Postal code', T ),
		email: __( 'Email address', T ),
		url: __( 'Web address (URL)', T ),
		time: __( 'Time (HH:MM)', T ),
		persian_letters: __( 'Persian letters only', T ),
		latin_letters: __( 'Latin letters only', T ),
		card_ir: __( 'Bank card number', T ),
		sheba: __( 'Sheba (IBAN) number', T ),
	};
}

function opLabels() {
	return {
		equals: __( 'is', T ),
		not_equals: __( 'is not', T ),
		in: __( 'is one of', T ),
		answered: __( 'is answered', T ),
	};
}

function calendarLabels() {
	return { jalali: __( 'Jalali (Persian)', T ), gregorian: __( 'Gregorian', T ) };
}

/** The words of a type-specific key's control: its label and a hint. */
function keyWords( key, type, info ) {
	const lim = ( name ) => {
		const p = info.props[ name ] || {};
		return num( undefined === p.maximum ? 0 : p.maximum );
	};
	const dateLike = allows( info, type, 'calendar' );
	switch ( key ) {
		case 'format':
			return { label: __( 'Answer format', T ) };
		case 'min_length':
			return { label: __( 'Shortest answer (characters)', T ) };
		case 'max_length':
			return { label: __( 'Longest answer (characters)', T ) };
		case 'unique':
			return {
				label: __( 'One answer per person (a repeated answer is refused)', T ),
				help: __( 'Compared as typed any way: Persian or Latin digits, +98 or 0 before a mobile. Entries received before this is ticked are not checked; erasing an entry or marking it spam frees its answer.', T ),
			};
		case 'verify':
			return { label: __( 'Confirm the number with a code sent to it by text message', T ), help: __( 'Needs the site\'s text message provider.', T ) };
		case 'min':
			return dateLike ? { label: __( 'First day allowed', T ), help: __( 'YYYY-MM-DD in the chosen calendar, for example 1404-01-01.', T ) } : { label: __( 'Smallest number', T ) };
		case 'max':
			return dateLike ? { label: __( 'Last day allowed', T ) } : { label: __( 'Largest number', T ) };
		case 'step':
			return { label: __( 'Step', T ) };
		case 'calendar':
			return { label: __( 'Calendar', T ) };
		case 'min_select':
			return { label: __( 'Fewest choices', T ) };
		case 'max_select':
			return { label: __( 'Most choices', T ) };
		case 'accept':
			return { label: __( 'Accepted file types', T ), help: __( 'MIME types separated by commas; empty accepts any.', T ) };
		case 'max_size_kb':
			return { label: __( 'Largest file (KB)', T ) };
		case 'max_files':
			return { label: __( 'Most files', T ) };
		case 'rows':
			return { label: __( 'Rows (one per line)', T ) };
		case 'cols':
			return { label: __( 'Columns (one per line)', T ) };
		case 'html':
			return { label: __( 'Content (HTML; cleaned when saved)', T ) };
		case 'page':
			/* translators: %s: the highest page number. */
			return { label: __( 'Page', T ), help: sprintf( __( '1 to %s; empty is page 1.', T ), lim( 'page' ) ) };
		default:
			return { label: key };
	}
}

/** What a new question starts with, in the page's language. */
function newTexts() {
	const types = TYPE_LABELS();
	return {
		label: ( type ) => types[ type ] || type,
		/* translators: %s: option number. */
		option: ( n ) => sprintf( __( 'Option %s', T ), num( n ) ),
		/* translators: %s: row number. */
		row: ( n ) => sprintf( __( 'Row %s', T ), num( n ) ),
		/* translators: %s: column number. */
		column: ( n ) => sprintf( __( 'Column %s', T ), num( n ) ),
	};
}

function violationText( v ) {
	return ( isFa ? v.message_fa : v.message_en ) || v.message || v.message_en || v.rule || '';
}

/** Latin digits for Persian and Arabic ones, and a point for the Persian decimal sign: a number typed on a Persian keyboard. */
function latinDigits( text ) {
	return String( text )
		.replace( /[۰-۹]/g, ( d ) => String( d.charCodeAt( 0 ) - 0x06f0 ) )
		.replace( /[٠-٩]/g, ( d ) => String( d.charCodeAt( 0 ) - 0x0660 ) )
		.replace( /٫/g, '.' );
}

function domId( fieldId, key ) {
	return 'arsh-b-' + String( fieldId ).replace( /[^A-Za-z0-9_-]/g, '' ) + '-' + key;
}

let pendingFocus = null;

/**
 * Asks for the focus to go, once the page has drawn, to the element of
 * the first selector (of one or a list, in order) that finds one that is
 * not disabled; select also selects its text. The components that draw
 * what was asked for move it in their layout effect (useFocusRequest),
 * in the same task as the click, so a key or text typed next reaches the
 * element asked for.
 */
function focusSoon( selectors, select ) {
	pendingFocus = { list: Array.isArray( selectors ) ? selectors : [ selectors ], select: !! select };
	window.setTimeout( moveFocus, 0 );
}

function moveFocus() {
	if ( ! pendingFocus ) {
		return;
	}
	const { list, select } = pendingFocus;
	for ( let k = 0; k < list.length; k++ ) {
		const node = document.querySelector( list[ k ] );
		if ( node && ! node.disabled ) {
			pendingFocus = null;
			node.focus();
			if ( select && node.select ) {
				node.select();
			}
			return;
		}
	}
}

function useFocusRequest() {
	useLayoutEffect( moveFocus );
}

/* ---------- controls of one key ---------- */

/**
 * A text control holding what is typed while the value it stands for is
 * parsed from it (a number, a list, a date): "1." or an empty line stay
 * on screen as typed.
 */
function Draft( { value, format, parse, onChange, multiline, ...rest } ) {
	const [ text, setText ] = useState( format( value ) );
	const last = useRef( value );
	// An empty value is removed from the question: null and undefined are one.
	const same = ( a, b ) => JSON.stringify( undefined === a ? null : a ) === JSON.stringify( undefined === b ? null : b );
	if ( ! same( last.current, value ) && ! same( parse( text ), value ) ) {
		// Changed from outside (a type change, a reload): show the new value.
		last.current = value;
		setText( format( value ) );
	}
	return h( multiline ? TextareaControl : TextControl, {
		...rest,
		value: text,
		onChange: ( raw ) => {
			setText( raw );
			const v = parse( raw );
			last.current = v;
			onChange( v );
		},
	} );
}

/** The control of one type-specific key, chosen by the key's schema. */
function KeyControl( { field, name, info } ) {
	const { setKey } = useDispatch( store );
	const prop = info.props[ name ] || {};
	const words = keyWords( name, field.type, info );
	const set = ( v ) => setKey( field.id, name, v );
	const common = { label: words.label, help: words.help, className: 'arsh-b-row arsh-b-row-' + name, 'data-key': name };
	const types = jsonTypes( prop );
	if ( Array.isArray( prop.enum ) ) {
		const values = prop.enum.filter( ( v ) => null !== v );
		if ( 1 === values.length && prop.enum.indexOf( null ) >= 0 ) {
			// One value or none: a tick (verify: otp).
			return h( CheckboxControl, { ...common, checked: field[ name ] === values[ 0 ], onChange: ( on ) => set( on ? values[ 0 ] : null ) } );
		}
		const names = Object.assign( {}, formatLabels(), calendarLabels() );
		const options = ( prop.enum.indexOf( null ) >= 0 ? [ { value: '', label: 'format' === name ? __( 'Any text', T ) : __( 'None', T ) } ] : [] ).concat( values.map( ( v ) => ( { value: String( v ), label: names[ v ] || String( v ) } ) ) );
		return h( SelectControl, { ...common, value: null === field[ name ] || undefined === field[ name ] ? '' : String( field[ name ] ), options, onChange: ( v ) => set( v || null ) } );
	}
	if ( 1 === types.length && 'boolean' === types[ 0 ] ) {
		return h( CheckboxControl, { ...common, checked: !! field[ name ], onChange: ( on ) => set( on ? true : null ) } );
	}
	if ( types.indexOf( 'array' ) >= 0 ) {
		// A list of words: one a line, or, when a word cannot hold a space (a MIME type), separated by commas.
		const tokens = !! ( prop.items && prop.items.pattern );
		const maxLength = prop.items && prop.items.maxLength;
		return h( Draft, {
			...common,
			dir: tokens ? 'ltr' : undefined,
			multiline: ! tokens,
			rows: 4,
			placeholder: 'accept' === name ? 'image/*, application/pdf' : undefined,
			value: field[ name ],
			format: ( v ) => ( Array.isArray( v ) ? v.join( tokens ? ', ' : '\n' ) : '' ),
			parse: ( raw ) => {
				const list = raw
					.split( tokens ? /[\s,،]+/ : /\n/ )
					.map( ( s ) => s.trim() )
					.filter( Boolean )
					.map( ( s ) => ( maxLength ? s.slice( 0, maxLength ) : s ) );
				return list.length ? list : null;
			},
			onChange: set,
		} );
	}
	if ( types.indexOf( 'number' ) >= 0 || types.indexOf( 'integer' ) >= 0 ) {
		const dateLike = types.indexOf( 'string' ) >= 0 && allows( info, field.type, 'calendar' );
		if ( dateLike ) {
			return h( Draft, { ...common, dir: 'ltr', placeholder: 'YYYY-MM-DD', value: field[ name ], format: ( v ) => ( null === v || undefined === v ? '' : String( v ) ), parse: ( raw ) => latinDigits( raw ).trim() || null, onChange: set } );
		}
		const integer = types.indexOf( 'integer' ) >= 0 && types.indexOf( 'number' ) < 0;
		// A text box, not type=number: the browser's number box refuses Persian digits.
		return h( Draft, {
			...common,
			inputMode: integer ? 'numeric' : 'decimal',
			dir: 'ltr',
			value: field[ name ],
			format: ( v ) => ( null === v || undefined === v ? '' : String( v ) ),
			parse: ( raw ) => {
				const t = latinDigits( raw ).trim();
				if ( '' === t ) {
					return null;
				}
				const n = integer ? parseInt( t, 10 ) : Number( t );
				return isNaN( n ) ? null : n;
			},
			onChange: set,
		} );
	}
	if ( types.indexOf( 'string' ) >= 0 ) {
		const long = ( prop.maxLength || 0 ) > 1000;
		return h( long ? TextareaControl : TextControl, {
			...common,
			dir: 'html' === name ? 'ltr' : undefined,
			rows: long ? 5 : undefined,
			maxLength: prop.maxLength,
			value: null === field[ name ] || undefined === field[ name ] ? '' : String( field[ name ] ),
			onChange: ( v ) => set( v ),
		} );
	}
	return null;
}

function ScaleControl( { field, info } ) {
	const { setKey } = useDispatch( store );
	const scale = field.scale || { min: 1, max: 5 };
	const range = ( p ) => {
		const out = [];
		for ( let v = Number( p.minimum ) || 0; v <= ( undefined === p.maximum ? 10 : Number( p.maximum ) ); v++ ) {
			out.push( { value: String( v ), label: num( v ) } );
		}
		return out;
	};
	const set = ( patch ) => setKey( field.id, 'scale', Object.assign( {}, scale, patch ) );
	return h(
		Fragment,
		null,
		h( SelectControl, { label: __( 'Scale from', T ), className: 'arsh-b-row', 'data-key': 'scale-min', value: String( scale.min ), options: range( info.scale.min || {} ), onChange: ( v ) => set( { min: Number( v ) } ) } ),
		h( SelectControl, { label: __( 'Scale to', T ), className: 'arsh-b-row', 'data-key': 'scale-max', value: String( scale.max ), options: range( info.scale.max || {} ), onChange: ( v ) => set( { max: Number( v ) } ) } )
	);
}

function OptionsEditor( { field, info } ) {
	const { addOption, setOptionLabel, moveOption, removeOption } = useDispatch( store );
	useFocusRequest();
	const options = Array.isArray( field.options ) ? field.options : [];
	const most = ( info.props.options && info.props.options.maxItems ) || 50;
	const labelMax = ( info.option.label && info.option.label.maxLength ) || 300;
	const focusOption = ( k ) => focusSoon( '#' + domId( field.id, 'item' ) + ' [data-key="option-' + k + '"]', true );
	return h(
		'fieldset',
		{ className: 'arsh-b-options' },
		h( 'legend', null, __( 'Options', T ) ),
		h(
			'ol',
			{ className: 'arsh-b-option-list' },
			options.map( ( o, j ) =>
				h(
					'li',
					{ key: o.value + ':' + j },
					h( TextControl, {
						/* translators: %s: option number. */
						label: sprintf( __( 'Option %s', T ), num( j + 1 ) ),
						value: o.label || '',
						maxLength: labelMax,
						'data-key': 'option-' + j,
						onChange: ( v ) => setOptionLabel( field.id, j, v ),
					} ),
					h( 'code', { dir: 'ltr', className: 'arsh-b-optval', title: __( 'Stored value', T ) }, o.value ),
					' ',
					h( Button, {
						variant: 'secondary',
						isSmall: true,
						disabled: 0 === j,
						/* translators: %s: option number. */
						'aria-label': sprintf( __( 'Move option %s up', T ), num( j + 1 ) ),
						onClick: () => {
							moveOption( field.id, j, j - 1 );
							focusOption( j - 1 );
						},
					}, '↑' ),
					' ',
					h( Button, {
						variant: 'secondary',
						isSmall: true,
						disabled: j === options.length - 1,
						/* translators: %s: option number. */
						'aria-label': sprintf( __( 'Move option %s down', T ), num( j + 1 ) ),
						onClick: () => {
							moveOption( field.id, j, j + 1 );
							focusOption( j + 1 );
						},
					}, '↓' ),
					' ',
					h( Button, {
						variant: 'secondary',
						isSmall: true,
						isDestructive: true,
						disabled: options.length <= 1,
						/* translators: %s: option number. */
						'aria-label': sprintf( __( 'Remove option %s', T ), num( j + 1 ) ),
						onClick: () => {
							removeOption( field.id, j );
							focusOption( Math.max( 0, Math.min( j, options.length - 2 ) ) );
						},
					}, '×' )
				)
			)
		),
		h(
			'p',
			null,
			h( Button, {
				variant: 'secondary',
				disabled: options.length >= most,
				onClick: () => {
					addOption( field.id, sprintf( __( 'Option %s', T ), num( options.length + 1 ) ) );
					focusOption( options.length );
				},
			}, __( 'Add option', T ) )
		)
	);
}

/** The condition: shown only when an earlier answerable question's answer matches. */
function ShowIfEditor( { field, info } ) {
	const { setKey } = useDispatch( store );
	const earlier = useSelect( ( select ) => select( store ).getEarlierAnswerable( field.id ), [ field.id ] );
	const fields = useSelect( ( select ) => select( store ).getFields(), [] );
	const cond = field.show_if || null;
	const find = ( id ) => fields.find( ( g ) => g.id === id );
	const target = cond ? find( cond.field ) : null;
	const options = target && Array.isArray( target.options ) ? target.options : null;
	const opNames = opLabels();
	const on = [ { value: '', label: __( 'Always', T ) } ].concat(
		/* translators: 1: question, 2: its id. */
		earlier.map( ( g ) => ( { value: g.id, label: sprintf( __( 'When “%1$s” (%2$s)', T ), fieldLabel( g ), g.id ) } ) )
	);
	if ( cond && ! earlier.some( ( g ) => g.id === cond.field ) ) {
		// A condition on a question that is no longer earlier: shown so it can be fixed.
		/* translators: %s: a question's id. */
		on.push( { value: cond.field, label: sprintf( __( 'Field %s (not an earlier field)', T ), cond.field ) } );
	}
	const set = ( v ) => setKey( field.id, 'show_if', v );
	const pickField = ( id ) => {
		if ( ! id ) {
			set( null );
			return;
		}
		const t = find( id );
		const first = t && Array.isArray( t.options ) && t.options[ 0 ];
		set( first ? { field: id, op: 'equals', value: first.value } : { field: id, op: 'answered' } );
	};
	const pickOp = ( op ) => {
		const first = options && options[ 0 ] ? options[ 0 ].value : '';
		const next = { field: cond.field, op };
		if ( 'in' === op ) {
			next.value = Array.isArray( cond.value ) ? cond.value : cond.value ? [ cond.value ] : first ? [ first ] : [];
		} else if ( 'answered' !== op ) {
			next.value = Array.isArray( cond.value ) ? cond.value[ 0 ] || first : undefined !== cond.value ? cond.value : first;
		}
		set( next );
	};
	let value = null;
	if ( cond && 'answered' !== cond.op ) {
		if ( options && 'in' === cond.op ) {
			const chosen = Array.isArray( cond.value ) ? cond.value.map( String ) : [];
			value = h(
				'fieldset',
				{ className: 'arsh-b-showif-values' },
				h( 'legend', null, __( 'Answers', T ) ),
				options.map( ( o ) =>
					h( CheckboxControl, {
						key: o.value,
						label: o.label,
						className: 'arsh-b-showif-value',
						checked: chosen.indexOf( String( o.value ) ) >= 0,
						onChange: ( tick ) => set( Object.assign( {}, cond, { value: options.filter( ( x ) => ( x.value === o.value ? tick : chosen.indexOf( String( x.value ) ) >= 0 ) ).map( ( x ) => x.value ) } ) ),
					} )
				)
			);
		} else if ( options ) {
			value = h( SelectControl, {
				label: __( 'Answer', T ),
				'data-key': 'showif-value',
				value: String( cond.value ),
				options: options.map( ( o ) => ( { value: o.value, label: o.label } ) ),
				onChange: ( v ) => set( Object.assign( {}, cond, { value: v } ) ),
			} );
		} else {
			value = h( Draft, {
				label: 'in' === cond.op ? __( 'Answers (separated by commas)', T ) : __( 'Answer', T ),
				'data-key': 'showif-value',
				value: cond.value,
				format: ( v ) => ( Array.isArray( v ) ? v.join( ', ' ) : null === v || undefined === v ? '' : String( v ) ),
				parse: ( raw ) =>
					'in' === cond.op
						? raw
								.split( /[,،]/ )
								.map( ( s ) => s.trim() )
								.filter( Boolean )
						: raw,
				onChange: ( v ) => set( Object.assign( {}, cond, { value: v } ) ),
			} );
		}
	}
	return h(
		'fieldset',
		{ className: 'arsh-b-showif' },
		h( 'legend', null, __( 'Show this field', T ) ),
		h( SelectControl, { label: __( 'Condition on', T ), 'data-key': 'showif-field', value: cond ? cond.field : '', options: on, onChange: pickField } ),
		! earlier.length && ! cond ? h( 'p', { className: 'description' }, __( 'A condition needs an answerable field before this one.', T ) ) : null,
		cond
			? h( SelectControl, {
					label: __( 'Condition', T ),
					'data-key': 'showif-op',
					value: cond.op,
					options: info.ops.map( ( op ) => ( { value: op, label: opNames[ op ] || op } ) ),
					onChange: pickOp,
			  } )
			: null,
		value
	);
}

/** The editor of one question: its wording, the keys of its type, its page and condition. */
function FieldEditor( { field, info } ) {
	const { setKey, changeType } = useDispatch( store );
	const types = TYPE_LABELS();
	const asks = answerable( info, field.type );
	const text = ( key, label, extra ) =>
		h( TextControl, {
			label,
			className: 'arsh-b-row arsh-b-row-' + key,
			'data-key': key,
			value: null === field[ key ] || undefined === field[ key ] ? '' : String( field[ key ] ),
			maxLength: ( info.props[ key ] || {} ).maxLength,
			onChange: ( v ) => setKey( field.id, key, v ),
			...( extra || {} ),
		} );
	const special = [ 'id', 'type', 'label', 'required', 'placeholder', 'help_text', 'show_if', 'page', 'options', 'scale' ];
	const own = ( info.keys[ field.type ] || [] ).filter( ( k ) => special.indexOf( k ) < 0 && ( 'verify' !== k || 'mobile_ir' === field.format || field.verify ) );
	return h(
		'div',
		{ className: 'arsh-b-editor' },
		h( SelectControl, {
			label: __( 'Type', T ),
			className: 'arsh-b-row',
			'data-key': 'type',
			value: field.type,
			options: info.types.map( ( t ) => ( { value: t, label: types[ t ] || t } ) ),
			onChange: ( t ) => changeType( field.id, t, newTexts() ),
		} ),
		text( 'label', 'section' === field.type ? __( 'Section title', T ) : 'html' === field.type ? __( 'Name of the block (not shown)', T ) : __( 'Question', T ) ),
		allows( info, field.type, 'help_text' )
			? h( TextareaControl, {
					label: 'section' === field.type ? __( 'Description', T ) : __( 'Help text', T ),
					className: 'arsh-b-row',
					'data-key': 'help_text',
					rows: 2,
					maxLength: ( info.props.help_text || {} ).maxLength,
					value: field.help_text || '',
					onChange: ( v ) => setKey( field.id, 'help_text', v ),
			  } )
			: null,
		asks && allows( info, field.type, 'placeholder' ) ? text( 'placeholder', __( 'Placeholder', T ) ) : null,
		asks && allows( info, field.type, 'required' )
			? h( CheckboxControl, { label: __( 'Required', T ), className: 'arsh-b-row arsh-b-check', 'data-key': 'required', checked: !! field.required, onChange: ( on ) => setKey( field.id, 'required', on ? true : null ) } )
			: null,
		own.map( ( k ) => h( KeyControl, { key: k, field, name: k, info } ) ),
		allows( info, field.type, 'options' ) ? h( OptionsEditor, { field, info } ) : null,
		allows( info, field.type, 'scale' ) ? h( ScaleControl, { field, info } ) : null,
		allows( info, field.type, 'page' ) ? h( KeyControl, { field, name: 'page', info } ) : null,
		allows( info, field.type, 'show_if' ) ? h( ShowIfEditor, { field, info } ) : null
	);
}

/* ---------- the question list ---------- */

function FieldItem( { field, index, count, info, drag, say } ) {
	const { select, moveField, removeField, duplicateField } = useDispatch( store );
	useFocusRequest();
	const open = useSelect( ( s ) => s( store ).getSelected() === field.id, [ field.id ] );
	const errors = useSelect( ( s ) => s( store ).getFieldViolations( field.id ), [ field.id ] );
	const dependents = useSelect( ( s ) => s( store ).getDependents( field.id ).length, [ field.id ] );
	const types = TYPE_LABELS();
	const n = num( index + 1 );
	const item = '#' + domId( field.id, 'item' );
	const move = ( to, which ) => {
		moveField( index, to );
		say.moved( to );
		focusSoon( [ '#' + domId( field.id, which ), '#' + domId( field.id, 'toggle' ) ] );
	};
	return h(
		'li',
		{
			id: domId( field.id, 'item' ),
			className: 'arsh-b-field' + ( open ? ' is-open' : '' ) + ( errors.length ? ' has-error' : '' ),
			'data-index': index,
			'data-field-id': field.id,
			'data-type': field.type,
			onDragOver: ( e ) => {
				if ( drag.current >= 0 ) {
					e.preventDefault();
					e.currentTarget.classList.add( 'is-drop-target' );
				}
			},
			onDragLeave: ( e ) => e.currentTarget.classList.remove( 'is-drop-target' ),
			onDrop: ( e ) => {
				e.preventDefault();
				e.currentTarget.classList.remove( 'is-drop-target' );
				const from = drag.current >= 0 ? drag.current : Number( e.dataTransfer && e.dataTransfer.getData( 'text/plain' ) );
				drag.current = -1;
				if ( from >= 0 && from !== index ) {
					moveField( from, index );
					say.moved( index );
				}
			},
		},
		h(
			'div',
			{ className: 'arsh-b-head' },
			h( 'span', {
				className: 'arsh-b-handle dashicons dashicons-move',
				draggable: 'true',
				title: __( 'Drag to move', T ),
				'aria-hidden': 'true',
				onDragStart: ( e ) => {
					drag.current = index;
					const li = e.currentTarget.closest( 'li' );
					li.classList.add( 'is-dragging' );
					if ( e.dataTransfer ) {
						e.dataTransfer.effectAllowed = 'move';
						e.dataTransfer.setData( 'text/plain', String( index ) );
						if ( e.dataTransfer.setDragImage ) {
							e.dataTransfer.setDragImage( li, 10, 10 );
						}
					}
				},
				onDragEnd: ( e ) => {
					const li = e.currentTarget.closest( 'li' );
					if ( li ) {
						li.classList.remove( 'is-dragging' );
					}
					drag.current = -1;
				},
			} ),
			h(
				'span',
				{ className: 'arsh-b-summary' },
				h( 'span', { className: 'arsh-b-num' }, n + '.' ),
				' ',
				h( 'span', { className: 'arsh-b-type' }, types[ field.type ] || field.type ),
				' ',
				h( 'span', { className: 'arsh-b-label' }, h( 'bdi', null, fieldLabel( field ) ) ),
				field.required ? h( 'span', { className: 'arsh-required', 'aria-hidden': 'true' }, ' *' ) : null,
				field.show_if ? h( 'span', { className: 'arsh-b-cond' }, ' ' + __( '(conditional)', T ) ) : null,
				' ',
				h( 'code', { className: 'arsh-b-id', dir: 'ltr' }, field.id )
			),
			h(
				'span',
				{ className: 'arsh-b-tools' },
				h( Button, {
					variant: 'secondary',
					isSmall: true,
					id: domId( field.id, 'toggle' ),
					'aria-expanded': open,
					/* translators: %s: question number. */
					'aria-label': sprintf( open ? __( 'Close field %s', T ) : __( 'Edit field %s', T ), n ),
					onClick: () => {
						select( open ? '' : field.id );
						focusSoon( open ? '#' + domId( field.id, 'toggle' ) : item + ' [data-key="label"]' );
					},
				}, open ? __( 'Close', T ) : __( 'Edit', T ) ),
				' ',
				h( Button, {
					variant: 'secondary',
					isSmall: true,
					id: domId( field.id, 'up' ),
					disabled: 0 === index,
					/* translators: %s: question number. */
					'aria-label': sprintf( __( 'Move field %s up', T ), n ),
					onClick: () => move( index - 1, 'up' ),
				}, '↑' ),
				' ',
				h( Button, {
					variant: 'secondary',
					isSmall: true,
					id: domId( field.id, 'down' ),
					disabled: index === count - 1,
					/* translators: %s: question number. */
					'aria-label': sprintf( __( 'Move field %s down', T ), n ),
					onClick: () => move( index + 1, 'down' ),
				}, '↓' ),
				' ',
				h( Button, {
					variant: 'secondary',
					isSmall: true,
					id: domId( field.id, 'duplicate' ),
					/* translators: %s: question number. */
					'aria-label': sprintf( __( 'Duplicate field %s', T ), n ),
					onClick: () => {
						duplicateField( field.id );
						say.duplicated( field.id, index + 2 );
						focusSoon( '#arsh-b-fields li.is-open [data-key="label"]', true );
					},
				}, __( 'Duplicate', T ) ),
				' ',
				h( Button, {
					variant: 'secondary',
					isSmall: true,
					isDestructive: true,
					className: 'arsh-b-remove',
					/* translators: %s: question number. */
					'aria-label': sprintf( __( 'Remove field %s', T ), n ),
					onClick: () => {
						removeField( field.id );
						say.removed( field.id, dependents );
						focusSoon( [ '#arsh-b-fields > li:nth-child(' + ( Math.min( index, count - 2 ) + 1 ) + ') .arsh-b-tools button', '#arsh-b-add' ] );
					},
				}, __( 'Remove', T ) )
			)
		),
		errors.length
			? h(
					'ul',
					{ className: 'arsh-b-errors', id: domId( field.id, 'errors' ), role: 'alert' },
					errors.map( ( v, k ) => h( 'li', { key: k }, h( 'bdi', null, violationText( v ) ), v.path ? h( 'code', { dir: 'ltr', className: 'arsh-b-path' }, ' ' + v.path ) : null ) )
			  )
			: null,
		open ? h( FieldEditor, { field, info } ) : null
	);
}

/* ---------- the preview ---------- */

/** The public renderer's markup of the document being edited (or of the AI's change), in a sandboxed frame. */
function Preview( { override } ) {
	const { formId, doc, title } = useSelect( ( s ) => ( { formId: s( store ).getFormId(), doc: s( store ).getDocument(), title: s( store ).getTitle() } ), [] );
	const shown = override ? { doc: override.document || {}, title: override.title || title } : { doc, title };
	return h(
		'div',
		{ className: 'arsh-builder-preview' },
		h( 'h3', null, __( 'Preview', T ) ),
		h( 'div', { id: 'arsh-b-preview', className: 'arsh-form-preview' }, formId && doc ? h( FormPreview, { formId, doc: shown.doc, title: shown.title, delay: 300 } ) : null )
	);
}

/* ---------- the AI change box ---------- */

function AiBox( { llm, onPreview } ) {
	const { loadForm } = useDispatch( store );
	const { formId, form, dirty, versionId, doc } = useSelect(
		( s ) => ( { formId: s( store ).getFormId(), form: s( store ).getForm(), dirty: s( store ).isDirty(), versionId: s( store ).getVersionId(), doc: s( store ).getDocument() } ),
		[]
	);
	const [ prompt, setPrompt ] = useState( '' );
	const [ second, setSecond ] = useState( false );
	const [ note, setNote ] = useState( null );
	const [ job, setJob ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ before, setBefore ] = useState( null );
	const [ changed, setChanged ] = useState( null );
	const progress = useProgress( job ? '/hosha2/v1/requests/' + encodeURIComponent( job ) + '/progress' : '' );
	const diffTitle = useRef( null );

	function finish() {
		setJob( '' );
		call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) } ).then( function ( r ) {
			setBusy( false );
			if ( ! r.ok ) {
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			const next = r.body.form || r.body;
			setChanged( next );
			onPreview( { document: next.document || {}, title: next.title } );
			setNote( { status: 'success', text: __( 'The AI made this change. Keep it, or take it back.', T ) } );
			window.setTimeout( () => diffTitle.current && diffTitle.current.focus(), 0 );
		} );
	}

	useEffect(
		function () {
			if ( ! job ) {
				return;
			}
			if ( 'done' === progress.status ) {
				finish();
			} else if ( 'failed' === progress.status || 'cancelled' === progress.status ) {
				setJob( '' );
				setBusy( false );
				setNote( { status: 'error', text: progress.error || __( 'The AI could not make this change.', T ) } );
			}
		},
		[ progress.status ]
	);

	if ( ! llm ) {
		return h( 'div', { id: 'arsh-b-ai', className: 'arsh-block' }, h( 'h3', null, __( 'Describe a change', T ) ), h( 'p', { className: 'description' }, __( 'No AI model is configured, so changes are made by hand above.', T ) ) );
	}

	function run( event ) {
		event.preventDefault();
		if ( ! prompt.trim() ) {
			setNote( { status: 'error', text: __( 'Describe the change first.', T ) } );
			return;
		}
		if ( dirty ) {
			setNote( { status: 'warning', text: __( 'Save your changes first: the AI edits the saved form.', T ) } );
			return;
		}
		setBusy( true );
		setChanged( null );
		setBefore( { versionId, state: { title: form.title, status: form.status, document: doc } } );
		setNote( { status: 'info', text: __( 'Asking the AI model…', T ) } );
		call( {
			path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/edit',
			method: 'POST',
			headers: { 'X-Hosha2-Nonce': nonces.edit },
			data: { prompt, options: { locale, secondary_validation: second } },
		} ).then( function ( r ) {
			if ( ! r.ok ) {
				setBusy( false );
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			if ( r.body.data && r.body.data.final_form ) {
				finish();
				return;
			}
			setNote( null );
			setJob( r.body.request_id );
		} );
	}

	function keep() {
		loadForm( changed, true );
		setChanged( null );
		onPreview( null );
		setPrompt( '' );
		setNote( { status: 'success', text: __( 'The change is kept.', T ) } );
	}

	function takeBack() {
		setBusy( true );
		call( { path: '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions/' + encodeURIComponent( before.versionId ) + '/rollback', method: 'POST' } ).then( function ( r ) {
			if ( ! r.ok ) {
				setBusy( false );
				setNote( { status: 'error', text: describe( r ).text } );
				return;
			}
			call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) } ).then( function ( g ) {
				setBusy( false );
				if ( g.ok ) {
					loadForm( g.body.form || g.body, true );
				}
				setChanged( null );
				onPreview( null );
				setNote( { status: 'success', text: __( 'The change was taken back; the form is as it was (as a new version).', T ) } );
			} );
		} );
	}

	const lines = changed && before ? changeLines( before.state, { title: changed.title, status: changed.status, document: changed.document }, null ) : [];
	const running = !! job && 'running' === progress.status;
	return h(
		'div',
		{ id: 'arsh-b-ai', className: 'arsh-block' },
		h( 'h3', null, __( 'Describe a change', T ) ),
		h(
			'form',
			{ id: 'arsh-b-ai-form', noValidate: true, onSubmit: run },
			h( TextareaControl, { label: __( 'What should change in this form?', T ), value: prompt, onChange: setPrompt, rows: 2, maxLength: 4000, className: 'arsh-b-ai-prompt' } ),
			h( CheckboxControl, { label: __( 'Check the answer a second time (slower)', T ), checked: second, onChange: setSecond } ),
			h( 'p', null, h( Button, { variant: 'secondary', type: 'submit', id: 'arsh-b-ai-run', isBusy: busy, disabled: busy }, __( 'Make the change', T ) ) )
		),
		running
			? h(
					'div',
					{ role: 'status', className: 'arsh-b-ai-progress' },
					h( 'progress', { max: 100, value: progress.percent, 'aria-label': __( 'Progress of the change', T ) } ),
					/* translators: %s: percent done. */
					h( 'p', null, sprintf( __( 'Working on it: %s percent', T ), num( progress.percent ) ), progress.phase ? ' · ' + phaseLabel( progress.phase ) : '' )
			  )
			: null,
		note ? h( Notice, { status: note.status, isDismissible: false, className: 'notice-' + note.status }, note.text ) : null,
		changed
			? h(
					'div',
					{ id: 'arsh-b-ai-diff', className: 'arsh-diff' },
					h( 'h4', { tabIndex: -1, ref: diffTitle }, __( 'What the AI changed', T ) ),
					h(
						'ul',
						{ className: 'arsh-diff-list' },
						lines.map( ( line, k ) =>
							h( 'li', { key: k, className: 'arsh-diff-' + line.kind }, line.parts.map( ( p, j ) => ( 'string' === typeof p ? p : h( 'bdi', { key: j }, p.bdi ) ) ) )
						)
					),
					h(
						'p',
						null,
						h( Button, { variant: 'primary', onClick: keep, disabled: busy, id: 'arsh-b-ai-keep' }, __( 'Keep the change', T ) ),
						' ',
						h( Button, { variant: 'secondary', onClick: takeBack, disabled: busy, isBusy: busy, id: 'arsh-b-ai-discard' }, __( 'Take it back', T ) )
					)
			  )
			: null
	);
}

/* ---------- the header: status, answers, shortcode, publish ---------- */

function answersText( info ) {
	let text = null === info.count || undefined === info.count ? __( 'Answers: some', T ) : sprintf( _n( '%s answer', '%s answers', info.count, T ), num( info.count ) );
	if ( info.last_answer_at ) {
		/* translators: %s: date and time. */
		text += ' · ' + sprintf( __( 'last on %s', T ), dateFormat.format( new Date( info.last_answer_at ) ) );
	}
	return text;
}

function copyText( text ) {
	if ( window.navigator.clipboard && window.isSecureContext ) {
		return window.navigator.clipboard.writeText( text ).then(
			() => true,
			() => false
		);
	}
	const area = document.createElement( 'textarea' );
	area.value = text;
	area.setAttribute( 'readonly', '' );
	area.style.position = 'fixed';
	area.style.opacity = '0';
	document.body.appendChild( area );
	area.select();
	let ok = false;
	try {
		ok = document.execCommand( 'copy' );
	} catch ( e ) {
		ok = false;
	}
	document.body.removeChild( area );
	return Promise.resolve( ok );
}

function Shortcode( { id } ) {
	const [ status, setStatus ] = useState( '' );
	const code = '[arshline_form id="' + Number( id ) + '"]';
	return h(
		'span',
		{ className: 'arsh-shortcode-box' },
		h( 'code', { dir: 'ltr', className: 'arsh-shortcode' }, code ),
		' ',
		h( Button, {
			variant: 'secondary',
			isSmall: true,
			className: 'arsh-copy',
			/* translators: %s: form number. */
			'aria-label': sprintf( __( 'Copy the shortcode of form %s', T ), num( id ) ),
			onClick: () =>
				copyText( code ).then( ( ok ) => {
					setStatus( ok ? __( 'Copied.', T ) : __( 'Select the code and copy it.', T ) );
					window.setTimeout( () => setStatus( '' ), 3000 );
				} ),
		}, __( 'Copy', T ) ),
		' ',
		h( 'span', { className: 'arsh-copied', role: 'status', 'aria-live': 'polite' }, status )
	);
}

function Header( { say } ) {
	const { setFormMeta } = useDispatch( store );
	const { form, dirty } = useSelect( ( s ) => ( { form: s( store ).getForm(), dirty: s( store ).isDirty() } ), [] );
	const [ answers, setAnswers ] = useState( null );
	const [ busy, setBusy ] = useState( '' );
	useEffect(
		function () {
			call( { path: '/arshline/v1/forms/' + encodeURIComponent( form.id ) + '/answers-info' } ).then( ( r ) => setAnswers( r.ok ? r.body : false ) );
		},
		[ form.id ]
	);
	function refresh() {
		return call( { path: '/arshline/v1/forms/' + encodeURIComponent( form.id ) } ).then( function ( r ) {
			if ( r.ok ) {
				const f = r.body.form || r.body;
				setFormMeta( { status: f.status, head_version_id: f.head_version_id, head_seq: f.head_seq, version_count: f.version_count, public_token: f.public_token } );
			}
		} );
	}
	function act( action ) {
		if ( dirty ) {
			say.note( { status: 'warning', text: __( 'Save your changes first.', T ) } );
			return;
		}
		setBusy( action );
		const plan = { version: 2, steps: [ { action, params: { id: Number( form.id ) } } ] };
		call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan, confirm: true } } ).then( function ( r ) {
			setBusy( '' );
			if ( ! r.ok ) {
				const d = describe( r );
				say.note( { status: 'error', text: d.text, retry: d.retry ? () => act( action ) : null } );
				return;
			}
			const tokens = r.body.undo_tokens || [];
			say.note( { status: 'success', text: stepSentence( action, form.id, ( r.body.results || [] )[ 0 ] || {} ), undo: tokens.length ? () => undo( tokens ) : null } );
			refresh();
		} );
	}
	function undo( tokens ) {
		call( { path: '/arshline/v1/ai/undo', method: 'POST', data: { tokens: tokens.slice() } } ).then( function ( u ) {
			if ( ! u.ok ) {
				say.note( { status: 'error', text: describe( u ).text } );
				return;
			}
			say.note( { status: 'success', text: __( 'Undone.', T ) } );
			refresh();
		} );
	}
	const actions = [
		[ 'publish_form', __( 'Publish', T ), 'published' ],
		[ 'draft_form', __( 'Move to drafts', T ), 'draft' ],
		[ 'disable_form', __( 'Disable', T ), 'disabled' ],
	].filter( ( a ) => a[ 2 ] !== form.status );
	return h(
		Fragment,
		null,
		h(
			'h2',
			{ id: 'arsh-builder-title', tabIndex: -1 },
			/* translators: %s: form number. */
			sprintf( __( 'Form builder: form %s', T ), num( form.id ) ) + ' — ',
			h( 'bdi', null, form.title )
		),
		h(
			'p',
			{ id: 'arsh-builder-meta', className: 'arsh-builder-meta' },
			h( 'span', { className: 'arsh-status arsh-status-' + form.status }, statusLabel( form.status ) ),
			/* translators: %s: version number. */
			' · ' + sprintf( __( 'Version %s', T ), num( form.head_seq || form.version_count ) ) + ' · ',
			h( 'span', { className: 'arsh-b-answers' }, null === answers ? __( 'Answers: …', T ) : answers ? answersText( answers ) : __( 'Answers: unknown', T ) ),
			' · ',
			h( Shortcode, { id: form.id } ),
			' ',
			h(
				'span',
				{ className: 'arsh-b-status-actions' },
				actions.map( ( a ) => h( Fragment, { key: a[ 0 ] }, h( Button, { variant: 'publish_form' === a[ 0 ] ? 'primary' : 'secondary', isSmall: true, id: 'arsh-b-' + a[ 0 ], isBusy: busy === a[ 0 ], disabled: !! busy, onClick: () => act( a[ 0 ] ) }, a[ 1 ] ), ' ' ) )
			)
		)
	);
}

/** A message of the builder, with what can be done about it (undo, reload, try again). */
function Message( { note } ) {
	if ( ! note ) {
		return null;
	}
	// The words alone are spoken: the buttons are not (Notice would render them to a string).
	return h(
		Notice,
		{ status: note.status, isDismissible: false, className: 'notice-' + note.status, spokenMessage: note.text },
		h( 'p', null, note.text ),
		note.undo || note.reload || note.retry
			? h(
					'p',
					null,
					note.undo ? h( Button, { variant: 'secondary', className: 'arsh-undo-form', onClick: note.undo }, __( 'Undo', T ) ) : null,
					note.reload ? h( Button, { variant: 'secondary', id: 'arsh-b-reload', onClick: note.reload }, __( 'Reload the form', T ) ) : null,
					note.retry ? h( Button, { variant: 'secondary', className: 'arsh-retry', onClick: note.retry }, __( 'Try again', T ) ) : null
			  )
			: null
	);
}

/* ---------- the page ---------- */

function selectedFromHash() {
	const m = /^#builder\/(\d+)\/(\d+)$/.exec( window.location.hash || '' );
	return m && Number( m[ 1 ] ) === pageFormId ? Number( m[ 2 ] ) : -1;
}

export function Builder() {
	const { setSchema, loadForm, loadFailed, setTitle, addField, select, setViolations, setSave } = useDispatch( store );
	const state = useSelect(
		( s ) => {
			const st = s( store );
			return {
				form: st.getForm(),
				fields: st.getFields(),
				title: st.getTitle(),
				info: st.getSchema(),
				dirty: st.isDirty(),
				save: st.getSave(),
				general: st.getGeneralViolations(),
				loadError: st.getLoadError(),
			};
		},
		[]
	);
	// The state as it is now, for handlers that run after a dispatch.
	const current = dataSelect( store );
	const [ note, setNote ] = useState( null );
	const [ llm, setLlm ] = useState( false );
	const [ type, setType ] = useState( 'text' );
	const [ override, setOverride ] = useState( null );
	const drag = useRef( -1 );
	const types = TYPE_LABELS();
	useFocusRequest();

	function open( keepSelection ) {
		return call( { path: '/arshline/v1/forms/' + encodeURIComponent( pageFormId ) } ).then( function ( r ) {
			if ( ! r.ok ) {
				loadFailed( describe( r ).text );
				return false;
			}
			loadForm( r.body.form || r.body, keepSelection );
			return true;
		} );
	}

	function openAt( index ) {
		const fields = current.getFields();
		if ( index >= 0 && index < fields.length ) {
			select( fields[ index ].id );
			focusSoon( '#' + domId( fields[ index ].id, 'item' ) + ' [data-key="label"]' );
		}
	}

	useEffect( function () {
		Promise.all( [
			call( { path: '/arshline/v1/forms/schema' } ),
			call( { path: '/arshline/v1/health' } ),
		] ).then( function ( all ) {
			const info = all[ 0 ].ok ? readSchema( all[ 0 ].body ) : null;
			if ( ! info ) {
				loadFailed( all[ 0 ].ok ? __( 'The service sent no form schema.', T ) : describe( all[ 0 ] ).text );
				return;
			}
			setSchema( info );
			setType( info.types[ 0 ] || '' );
			setLlm( !! ( all[ 1 ].ok && all[ 1 ].body.llm_configured ) );
			open( false ).then( ( ok ) => ok && openAt( selectedFromHash() ) );
		} );
		const onHash = () => openAt( selectedFromHash() );
		const onLeave = function ( e ) {
			if ( current.isDirty() ) {
				e.preventDefault();
				e.returnValue = '';
			}
		};
		window.addEventListener( 'hashchange', onHash );
		window.addEventListener( 'beforeunload', onLeave );
		return () => {
			window.removeEventListener( 'hashchange', onHash );
			window.removeEventListener( 'beforeunload', onLeave );
		};
	}, [] );

	const say = {
		note: setNote,
		moved: ( to ) => {
			const late = current.getLateConditions().length;
			/* translators: %s: position. */
			const text = sprintf( __( 'Field moved to position %s.', T ), num( to + 1 ) );
			setNote( late ? { status: 'warning', text: text + ' ' + __( 'A condition now names a later field; fix it before saving.', T ) } : { status: 'info', text } );
		},
		duplicated: ( id, at ) => {
			/* translators: 1: question id, 2: position. */
			setNote( { status: 'info', text: sprintf( __( 'Field %1$s copied to position %2$s.', T ), id, num( at ) ) } );
		},
		removed: ( id, cleared ) => {
			/* translators: %s: question id. */
			let text = sprintf( __( 'Field %s removed; saving makes it final.', T ), id );
			if ( cleared ) {
				text += ' ' + sprintf( _n( 'The condition of %s field named it and was removed.', 'The conditions of %s fields named it and were removed.', cleared, T ), num( cleared ) );
			}
			setNote( { status: 'info', text } );
		},
	};

	function add() {
		addField( type, newTexts() );
		const id = current.getSelected();
		const at = current.getFields().findIndex( ( f ) => f.id === id );
		/* translators: 1: question id, 2: position. */
		setNote( { status: 'info', text: sprintf( __( 'Field %1$s added at position %2$s.', T ), id, num( at + 1 ) ) } );
		focusSoon( '#' + domId( id, 'item' ) + ' [data-key="label"]', true );
	}

	function save() {
		if ( ! current.isDirty() || 'saving' === current.getSave().status ) {
			return;
		}
		if ( ! current.getTitle().trim() ) {
			setNote( { status: 'error', text: __( 'The form needs a title.', T ) } );
			focusSoon( '.arsh-b-title input' );
			return;
		}
		setSave( { status: 'saving' } );
		const formId = current.getFormId();
		call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) + '/document', method: 'POST', data: current.getSaveRequest() } ).then( function ( r ) {
			const err = ( r.body && r.body.data ) || {};
			if ( ! r.ok && 'CONFLICT' === err.error ) {
				setSave( { status: 'conflict' } );
				setNote( {
					status: 'error',
					text: __( 'This form changed since you opened it; reload it to see the other change. Your edits are not saved.', T ),
					reload: () => open( true ).then( () => setNote( null ) ),
				} );
				focusSoon( '#arsh-b-reload' );
				return;
			}
			if ( ! r.ok && Array.isArray( err.violations ) && err.violations.length ) {
				setSave( { status: 'invalid' } );
				setViolations( err.violations );
				const n = err.violations.length;
				setNote( { status: 'error', text: sprintf( _n( 'The form was not saved: %s problem needs fixing (marked below).', 'The form was not saved: %s problems need fixing (marked below).', n, T ), num( n ) ) } );
				focusSoon( '#arsh-b-fields li.is-open [data-key="label"]' );
				return;
			}
			if ( ! r.ok ) {
				const d = describe( r );
				setSave( { status: 'error' } );
				setNote( { status: 'error', text: d.text, retry: d.retry ? save : null } );
				return;
			}
			const form = r.body.form || r.body;
			loadForm( form, true );
			const version = form.head_seq || form.version_count;
			setSave( { status: 'saved', version } );
			/* translators: %s: version number. */
			setNote( { status: 'success', text: sprintf( __( 'Saved as version %s.', T ), num( version ) ) } );
		} );
	}

	function close() {
		if ( current.isDirty() && ! window.confirm( __( 'The open form has changes that are not saved. Leave them?', T ) ) ) {
			return;
		}
		window.location.href = pageUrl( 'forms' );
	}

	if ( state.loadError && ! state.form ) {
		return h( Notice, { status: 'error', isDismissible: false }, state.loadError );
	}
	if ( ! state.form || ! state.info ) {
		return h( 'p', null, h( Spinner ), __( 'Opening the form…', T ) );
	}
	const info = state.info;
	const saving = 'saving' === state.save.status;
	return h(
		'div',
		{
			onKeyDown: ( e ) => {
				if ( 's' === e.key && ( e.ctrlKey || e.metaKey ) ) {
					e.preventDefault();
					save();
				}
			},
		},
		h( Header, { say } ),
		h( 'div', { id: 'arsh-builder-msg', className: 'arsh-msg' }, h( Message, { note } ) ),
		state.general.length ? h( 'ul', { id: 'arsh-b-violations', className: 'arsh-b-errors', role: 'alert' }, state.general.map( ( v, k ) => h( 'li', { key: k }, h( 'bdi', null, violationText( v ) ) ) ) ) : null,
		h(
			'div',
			{ className: 'arsh-builder-cols' },
			h(
				'div',
				{ className: 'arsh-builder-edit' },
				h( TextControl, { label: __( 'Form title', T ), className: 'arsh-b-title', value: state.title, maxLength: info.titleMax || 160, onChange: setTitle } ),
				h(
					'div',
					{ className: 'arsh-b-add' },
					h( SelectControl, { label: __( 'Add a field of type', T ), value: type, options: info.types.map( ( t ) => ( { value: t, label: types[ t ] || t } ) ), onChange: setType } ),
					h( Button, { variant: 'secondary', id: 'arsh-b-add', onClick: add, disabled: state.fields.length >= ( ( info.limits && info.limits.max_fields ) || 200 ) }, __( 'Add field', T ) )
				),
				h( 'p', { className: 'description' }, __( 'Drag a field by its handle, or use its arrow buttons, to change the order.', T ) ),
				h(
					'ol',
					{ id: 'arsh-b-fields', className: 'arsh-b-fields', 'aria-label': __( 'Fields of the form', T ) },
					state.fields.length
						? state.fields.map( ( f, i ) => h( FieldItem, { key: f.id, field: f, index: i, count: state.fields.length, info, drag, say } ) )
						: h( 'li', { className: 'arsh-b-empty' }, __( 'No fields yet: choose a type and add the first one.', T ) )
				),
				h(
					'p',
					{ className: 'arsh-b-actions' },
					h( Button, { variant: 'primary', id: 'arsh-b-save', onClick: save, disabled: ! state.dirty || saving, isBusy: saving }, __( 'Save', T ) ),
					' ',
					h( Button, { variant: 'secondary', id: 'arsh-b-close', onClick: close }, __( 'Close the builder', T ) ),
					' ',
					h( 'span', { id: 'arsh-b-dirty', className: 'arsh-b-dirty', 'aria-live': 'polite' }, state.dirty ? __( 'Changes not saved yet.', T ) : '' )
				)
			),
			h( Preview, { override } )
		),
		h( AiBox, { llm, onPreview: setOverride } )
	);
}
