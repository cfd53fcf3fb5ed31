/**
 * A form's Results tab: the entries counted, per question a Chart.js bar
 * chart for choices and ratings, number summaries, the latest text
 * answers, the same numbers as tables (for screen readers, or for everyone
 * with the toggle), a range of Jalali days, and the CSV and Excel exports
 * of that range.
 *
 * Labels reach the charts as canvas text and the page as text.
 */

import { createElement as h, useEffect, useRef, useState } from '@wordpress/element';
import { Button, CheckboxControl, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip } from 'chart.js';

import { call } from '../api';
import { CallNotice, failure } from '../call-notice';
import { formId, isFa } from '../config';
import { readDay } from '../entries-state';
import { jalali, restUrl } from '../entry-text';
import { num } from '../i18n';
import { mount } from '../mount';
import { digits } from '../../public/jalali.js';
import { ready } from './ready';

Chart.register( BarController, BarElement, CategoryScale, LinearScale, Tooltip );

const numberFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { maximumFractionDigits: 2 } );
const percentFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { style: 'percent', maximumFractionDigits: 1 } );

function fmt( n ) {
	return 'number' === typeof n ? numberFormat.format( n ) : String( null === n || undefined === n ? '' : n );
}

/** A date answer (YYYY-MM-DD, in the question's calendar) as a Persian page writes it: ۱۴۰۳/۰۵/۲۱. */
function day( iso ) {
	return digits( String( iso || '' ).replace( /-/g, '/' ), isFa );
}

/** The query of the days chosen, empty ones left out. */
function rangeParams( range ) {
	const params = {};
	if ( range.from ) {
		params.from = range.from;
	}
	if ( range.to ) {
		params.to = range.to;
	}
	return params;
}

/**
 * A bar chart of labels → counts, drawn on a canvas named after its
 * question and described for screen readers by the table beside it.
 */
function BarChart( { label, labels, counts, horizontal } ) {
	const canvas = useRef( null );
	const data = JSON.stringify( [ labels, counts ] );
	useEffect(
		function () {
			const countAxis = {
				beginAtZero: true,
				ticks: {
					precision: 0,
					callback: ( value ) => numberFormat.format( value ),
				},
			};
			const labelAxis = {
				reverse: isFa && ! horizontal,
				ticks: {
					callback( value ) {
						const text = String( this.getLabelForValue( value ) );
						return text.length > 40 ? text.slice( 0, 40 ) + '…' : text;
					},
				},
			};
			const chart = new Chart( canvas.current, {
				type: 'bar',
				data: { labels, datasets: [ { label: __( 'Answers', 'arshline-sidecar' ), data: counts, backgroundColor: '#2271b1' } ] },
				options: {
					indexAxis: horizontal ? 'y' : 'x',
					locale: isFa ? 'fa-IR' : 'en-US',
					responsive: true,
					maintainAspectRatio: false,
					animation: false,
					scales: horizontal
						? { x: Object.assign( { reverse: isFa }, countAxis ), y: Object.assign( {}, labelAxis, { position: isFa ? 'right' : 'left' } ) }
						: { x: labelAxis, y: Object.assign( { position: isFa ? 'right' : 'left' }, countAxis ) },
					plugins: {
						legend: { display: false },
						tooltip: {
							rtl: isFa,
							textDirection: isFa ? 'rtl' : 'ltr',
							callbacks: {
								label: ( ctx ) => numberFormat.format( ctx.parsed[ horizontal ? 'x' : 'y' ] ),
							},
						},
					},
				},
			} );
			return () => chart.destroy();
		},
		[ data, horizontal ]
	);
	return h(
		'div',
		{ className: 'arsh-chart', style: { height: Math.max( 160, Math.min( 600, 36 * labels.length + 60 ) ) + 'px' } },
		h( 'canvas', { ref: canvas, role: 'img', 'aria-label': label }, label )
	);
}

/** A table of rows of cells (text), with a caption and column headers; each row's first cell heads it. */
function DataTable( { caption, heads, rows, shown } ) {
	return h(
		'table',
		{ className: 'widefat striped arsh-res-table' + ( shown ? '' : ' screen-reader-text' ) },
		h( 'caption', null, caption ),
		h( 'thead', null, h( 'tr', null, heads.map( ( t, i ) => h( 'th', { scope: 'col', key: i }, t ) ) ) ),
		h(
			'tbody',
			null,
			rows.map( ( row, r ) =>
				h(
					'tr',
					{ key: r },
					row.map( ( cell, i ) => h( 0 === i ? 'th' : 'td', 0 === i ? { scope: 'row', key: i } : { key: i }, h( 'bdi', null, cell ) ) )
				)
			)
		)
	);
}

function Line( { children } ) {
	return h( 'p', { className: 'arsh-res-line' }, children );
}

function Choices( { f, label, tables } ) {
	const options =
		f.options ||
		Object.keys( f.counts || {} ).map( ( v ) => ( { value: v, label: v, count: f.counts[ v ], share: ( f.shares || {} )[ v ] || 0 } ) );
	return [
		options.length
			? h( BarChart, {
					key: 'chart',
					label: sprintf( __( 'Chart of the answers to %s', 'arshline-sidecar' ), label ),
					labels: options.map( ( o ) => String( o.label || o.value ) ),
					counts: options.map( ( o ) => o.count || 0 ),
					horizontal: true,
			  } )
			: null,
		h( DataTable, {
			key: 'table',
			shown: tables,
			caption: sprintf( __( 'Answers to %s', 'arshline-sidecar' ), label ),
			heads: [ __( 'Option', 'arshline-sidecar' ), __( 'Count', 'arshline-sidecar' ), __( 'Share', 'arshline-sidecar' ) ],
			rows: options.map( ( o ) => [ String( o.label || o.value ), num( o.count || 0 ), percentFormat.format( o.share || 0 ) ] ),
		} ),
	];
}

function Ratings( { f, label, tables } ) {
	const buckets = f.histogram || [];
	return [
		'number' === typeof f.mean ? h( Line, { key: 'mean' }, sprintf( __( 'Mean: %s', 'arshline-sidecar' ), fmt( f.mean ) ) ) : null,
		buckets.length
			? h( BarChart, {
					key: 'chart',
					label: sprintf( __( 'Chart of the ratings of %s', 'arshline-sidecar' ), label ),
					labels: buckets.map( ( b ) => num( b.value ) ),
					counts: buckets.map( ( b ) => b.count || 0 ),
					horizontal: false,
			  } )
			: null,
		h( DataTable, {
			key: 'table',
			shown: tables,
			caption: sprintf( __( 'Ratings of %s', 'arshline-sidecar' ), label ),
			heads: [ __( 'Rating', 'arshline-sidecar' ), __( 'Count', 'arshline-sidecar' ) ],
			rows: buckets.map( ( b ) => [ num( b.value ), num( b.count || 0 ) ] ),
		} ),
	];
}

function Numbers( { f } ) {
	const stats = [
		[ __( 'Smallest', 'arshline-sidecar' ), f.min ],
		[ __( 'Largest', 'arshline-sidecar' ), f.max ],
		[ __( 'Mean', 'arshline-sidecar' ), f.mean ],
		[ __( 'Median', 'arshline-sidecar' ), f.median ],
	].filter( ( s ) => undefined !== s[ 1 ] && null !== s[ 1 ] );
	return h(
		'dl',
		{ className: 'arsh-res-stats' },
		stats.map( ( s, i ) => [ h( 'dt', { key: 't' + i }, s[ 0 ] ), h( 'dd', { key: 'd' + i }, fmt( s[ 1 ] ) ) ] )
	);
}

function Matrix( { f, label } ) {
	const counts = f.counts || {};
	const cols = [];
	Object.keys( counts ).forEach( ( row ) => {
		Object.keys( counts[ row ] || {} ).forEach( ( col ) => {
			if ( cols.indexOf( col ) < 0 ) {
				cols.push( col );
			}
		} );
	} );
	// A matrix has no chart: its table is shown to everyone.
	return h( DataTable, {
		shown: true,
		caption: sprintf( __( 'Answers to %s', 'arshline-sidecar' ), label ),
		heads: [ __( 'Row', 'arshline-sidecar' ) ].concat( cols ),
		rows: Object.keys( counts ).map( ( row ) => [ row ].concat( cols.map( ( col ) => num( counts[ row ][ col ] || 0 ) ) ) ),
	} );
}

function Latest( { f } ) {
	const latest = f.latest || [];
	if ( ! latest.length ) {
		return null;
	}
	return [
		h( 'h4', { key: 'h' }, __( 'Latest answers', 'arshline-sidecar' ) ),
		h(
			'ul',
			{ key: 'l', className: 'arsh-res-latest' },
			latest.map( ( t, i ) => h( 'li', { key: i }, h( 'bdi', null, t.value ), ' ', h( 'small', null, jalali( t.created_at ) ) ) )
		),
	];
}

function Body( { f, label, tables } ) {
	switch ( f.type ) {
		case 'radio':
		case 'select':
		case 'checkbox':
			return h( Choices, { f, label, tables } );
		case 'rating':
			return h( Ratings, { f, label, tables } );
		case 'number':
			return h( Numbers, { f } );
		case 'date':
			return f.min
				? [ h( Line, { key: 'min' }, sprintf( __( 'Earliest: %s', 'arshline-sidecar' ), day( f.min ) ) ), h( Line, { key: 'max' }, sprintf( __( 'Latest: %s', 'arshline-sidecar' ), day( f.max ) ) ) ]
				: null;
		case 'matrix':
			return h( Matrix, { f, label } );
		case 'text':
		case 'textarea':
		case 'email':
			return h( Latest, { f } );
		default:
			return null;
	}
}

function FieldCard( { f, tables } ) {
	const label = f.label || f.id;
	return h(
		'section',
		{ className: 'arsh-res-field', 'aria-label': label },
		h( 'h3', null, h( 'bdi', null, label ) ),
		f.removed ? h( Line, null, __( 'This question is no longer in the form.', 'arshline-sidecar' ) ) : null,
		h( Line, null, sprintf( __( 'Answered: %s', 'arshline-sidecar' ), num( f.answered || 0 ) ) ),
		h( Body, { f, label, tables } )
	);
}

function Results() {
	const [ draft, setDraft ] = useState( { from: '', to: '' } );
	const [ range, setRange ] = useState( { from: '', to: '' } );
	const [ summary, setSummary ] = useState( null );
	const [ notice, setNotice ] = useState( null );
	const [ loading, setLoading ] = useState( false );
	const [ tables, setTables ] = useState( false );
	// Only the answer to the latest request is shown.
	const asked = useRef( 0 );

	function load() {
		const seq = ++asked.current;
		const query = new URLSearchParams( rangeParams( range ) ).toString();
		setLoading( true );
		setNotice( null );
		call( { path: '/arshline/v1/forms/' + formId + '/results' + ( query ? '?' + query : '' ) } ).then( function ( r ) {
			if ( seq !== asked.current ) {
				return;
			}
			setLoading( false );
			if ( ! r.ok ) {
				setNotice( failure( r ) );
				return;
			}
			setSummary( r.body || {} );
		} );
	}
	useEffect( load, [ range ] );

	function submit( event ) {
		event.preventDefault();
		const from = readDay( draft.from );
		const to = readDay( draft.to );
		if ( null === from || null === to ) {
			setNotice( { status: 'error', text: __( 'Write the days as YYYY/MM/DD, for example 1404/09/01.', 'arshline-sidecar' ) } );
			return;
		}
		setRange( { from, to } );
	}

	const dayInput = ( key, label, example ) =>
		h( TextControl, {
			label,
			value: draft[ key ],
			onChange: ( v ) => setDraft( Object.assign( {}, draft, { [ key ]: v } ) ),
			dir: 'ltr',
			inputMode: 'numeric',
			maxLength: 10,
			placeholder: digits( example, isFa ),
			className: 'arsh-res-' + key,
		} );
	const download = ( format, label ) =>
		h( Button, { id: 'arsh-res-' + format, variant: 'secondary', href: restUrl( '/arshline/v1/forms/' + formId + '/export', Object.assign( { format }, rangeParams( range ) ) ), download: '' }, label );

	return h(
		'section',
		{ id: 'arsh-res', 'aria-labelledby': 'arsh-res-title' },
		h( 'h2', { id: 'arsh-res-title', tabIndex: -1 }, __( 'Results', 'arshline-sidecar' ) ),
		h(
			'form',
			{ id: 'arsh-res-filters', className: 'arsh-filters', onSubmit: submit, noValidate: true },
			dayInput( 'from', __( 'From (Jalali, YYYY/MM/DD)', 'arshline-sidecar' ), '1404/09/01' ),
			dayInput( 'to', __( 'To (Jalali, YYYY/MM/DD)', 'arshline-sidecar' ), '1404/09/30' ),
			h( 'p', null, h( Button, { variant: 'primary', type: 'submit', id: 'arsh-res-show' }, __( 'Show results', 'arshline-sidecar' ) ) )
		),
		h(
			'div',
			{ className: 'arsh-downloads' },
			download( 'csv', __( 'Download CSV', 'arshline-sidecar' ) ),
			download( 'xlsx', __( 'Download Excel (XLSX)', 'arshline-sidecar' ) ),
			h( CheckboxControl, { label: __( 'Show the numbers as tables', 'arshline-sidecar' ), checked: tables, onChange: setTables, className: 'arsh-res-tables' } )
		),
		h( 'div', { id: 'arsh-res-msg', className: 'arsh-msg' }, h( CallNotice, { notice, onRetry: load } ), loading ? h( 'p', null, h( Spinner ), __( 'Loading results…', 'arshline-sidecar' ) ) : null ),
		summary ? h( 'p', { id: 'arsh-res-total', className: 'arsh-total' }, sprintf( __( 'Entries counted: %s (spam is left out)', 'arshline-sidecar' ), num( summary.total || 0 ) ) ) : null,
		summary ? h( 'div', { id: 'arsh-res-fields', className: 'arsh-res-fields' }, ( summary.fields || [] ).map( ( f, i ) => h( FieldCard, { key: f.id || i, f, tables } ) ) ) : null
	);
}

ready( function () {
	mount( 'arsh-form-results-root', Results );
} );
