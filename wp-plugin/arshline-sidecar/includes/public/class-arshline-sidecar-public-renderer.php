<?php
/**
 * The respondent's form as HTML, built in PHP from the document
 * forms.public returns, so that it works without JavaScript and is read
 * the same by every screen reader. Every text of the document is printed
 * as text (esc_html/esc_attr); only the html field's markup, which the
 * daemon sanitised on write, goes through wp_kses_post.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Renders one form, its thank-you state and its notices.
 */
final class Arshline_Sidecar_Public_Renderer {

	/**
	 * Field types that take an answer.
	 */
	const ANSWERABLE = array( 'text', 'textarea', 'email', 'number', 'radio', 'checkbox', 'select', 'date', 'file', 'rating', 'matrix' );

	/**
	 * Number of forms rendered in this request: it prefixes element ids so
	 * that two forms on one page never share one.
	 *
	 * @var int
	 */
	private static $count = 0;

	/**
	 * The form served by forms.public.
	 *
	 * @var array
	 */
	private $form;

	/**
	 * Whether the form speaks Persian.
	 *
	 * @var bool
	 */
	private $fa;

	/**
	 * Prefix of this form's element ids.
	 *
	 * @var string
	 */
	private $prefix;

	/**
	 * The codes of mobile questions verified by SMS, by field id: sent,
	 * code (as typed), message (what the last "send the code" did).
	 *
	 * @var array
	 */
	private $otp = array();

	/**
	 * A renderer of one form.
	 *
	 * @param array $form forms.public's result (token, title, locale, document, form_token).
	 */
	public function __construct( array $form ) {
		++self::$count;
		$this->form   = $form;
		$this->fa     = Arshline_Sidecar_Errors::is_persian( isset( $form['locale'] ) ? (string) $form['locale'] : 'fa_IR' );
		$this->prefix = 'arshline-' . self::$count . '-';
	}

	/**
	 * The form's fields (arrays with an id and a type only).
	 *
	 * @param array $form forms.public's result.
	 * @return array[]
	 */
	public static function fields( array $form ) {
		$fields = isset( $form['document']['fields'] ) && is_array( $form['document']['fields'] ) ? $form['document']['fields'] : array();
		$out    = array();
		foreach ( $fields as $field ) {
			if ( is_array( $field ) && isset( $field['id'], $field['type'] ) && is_string( $field['id'] ) && is_string( $field['type'] ) ) {
				$out[] = $field;
			}
		}
		return $out;
	}

	/**
	 * The form as HTML.
	 *
	 * @param array $state values (field id => what was typed), errors
	 *                     (field id => message; '' for the form as a
	 *                     whole), action (the URL the form posts to),
	 *                     status_message (a notice above the form).
	 * @return string
	 */
	public function render( array $state = array() ) {
		return Arshline_Sidecar_Plugin::in_locale(
			$this->locale(),
			function () use ( $state ) {
				return $this->render_form( $state );
			}
		);
	}

	/**
	 * The form's markup, in the current locale.
	 *
	 * @param array $state See render().
	 * @return string
	 */
	private function render_form( array $state ) {
		$values   = isset( $state['values'] ) && is_array( $state['values'] ) ? $state['values'] : array();
		$errors   = isset( $state['errors'] ) && is_array( $state['errors'] ) ? $state['errors'] : array();
		$this->otp = isset( $state['otp'] ) && is_array( $state['otp'] ) ? $state['otp'] : array();
		$action   = isset( $state['action'] ) ? (string) $state['action'] : '';
		$fields   = self::fields( $this->form );
		$settings = isset( $this->form['document']['settings'] ) && is_array( $this->form['document']['settings'] ) ? $this->form['document']['settings'] : array();
		$has_file = false;
		$has_otp  = false;
		$pages    = 1;
		foreach ( $fields as $field ) {
			$has_file = $has_file || 'file' === $field['type'];
			$has_otp  = $has_otp || ( isset( $field['verify'] ) && 'otp' === $field['verify'] );
			$pages    = max( $pages, self::page_of( $field ) );
		}

		$config = array(
			'token'   => (string) $this->form['token'],
			'rest'    => function_exists( 'rest_url' ) ? rest_url( 'arshline/v1/public/forms/' . rawurlencode( (string) $this->form['token'] ) ) : '',
			'pages'   => $pages,
			'locale'  => $this->fa ? 'fa_IR' : 'en_US',
			'strings' => $this->strings(),
		);
		$font   = isset( $state['font'] ) && 'vazirmatn' === $state['font'] ? ' arshline-form--vazirmatn' : '';
		$issued = isset( $state['issued_at'] ) ? (int) $state['issued_at'] : time();

		// The form token is printed with the time it was issued: a page a
		// full-page cache kept is the same HTML for everyone, and the script
		// tells a stale token by its age and fetches a fresh one before the
		// visitor can send. novalidate: the daemon judges every answer and
		// the page shows all its messages at once, with or without the
		// script, instead of the browser's bubble about one field first.
		$html  = '<div class="arshline-form' . $font . '" ' . $this->lang_attrs() . ' data-arshline="' . esc_attr( wp_json_encode( $config, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) ) . '">';
		$html .= '<form class="arshline-form__form" method="post" novalidate action="' . esc_attr( $action ) . '"' . ( $has_file ? ' enctype="multipart/form-data"' : '' ) . '>';
		$html .= '<h2 class="arshline-form__title">' . esc_html( (string) $this->form['title'] ) . '</h2>';
		if ( ! empty( $settings['welcome'] ) && is_string( $settings['welcome'] ) ) {
			$html .= '<div class="arshline-form__welcome">' . self::paragraphs( $settings['welcome'] ) . '</div>';
		}
		if ( ! empty( $state['status_message'] ) ) {
			$html .= '<div class="arshline-form__notice" role="alert">' . esc_html( (string) $state['status_message'] ) . '</div>';
		}
		$html .= $this->summary( $fields, $errors );
		if ( $pages > 1 ) {
			$html .= '<div class="arshline-form__progress" hidden><div class="arshline-form__progress-text" aria-live="polite"></div>'
				// A progressbar needs a name of its own: the page it is on is
				// its aria-valuetext, which the script keeps current.
				. '<div class="arshline-form__bar" role="progressbar" aria-label="' . esc_attr( __( 'Progress through the form', 'arshline-sidecar' ) ) . '" aria-valuemin="1" aria-valuemax="' . esc_attr( (string) $pages ) . '" aria-valuenow="1"><span></span></div></div>';
		}
		$html .= '<input type="hidden" name="arshline_submit" value="' . esc_attr( (string) $this->form['token'] ) . '">';
		$html .= '<input type="hidden" name="arshline_form_token" value="' . esc_attr( (string) $this->form['form_token'] ) . '" data-issued-at="' . esc_attr( (string) $issued ) . '">';
		$html .= '<input type="hidden" name="arshline_idempotency" value="' . esc_attr( isset( $state['idempotency'] ) ? (string) $state['idempotency'] : self::random_key() ) . '">';
		// The honeypot: off screen, out of the tab order and of the
		// accessibility tree, so that only a robot filling every input fills it.
		$html .= '<div class="arshline-form__hp" aria-hidden="true"><label for="' . esc_attr( $this->prefix ) . 'hp">' . esc_html( __( 'Leave this empty', 'arshline-sidecar' ) ) . '</label>'
			. '<input type="text" id="' . esc_attr( $this->prefix ) . 'hp" name="arshline_hp" value="" tabindex="-1" autocomplete="off"></div>';

		// Enter in an input sends the form, not the code: the first submit
		// button of a form is the one Enter presses, and a mobile question
		// verified by SMS has a "send the code" button of its own.
		if ( $has_otp ) {
			$html .= '<div class="arshline-form__hp" aria-hidden="true"><button type="submit" tabindex="-1">' . esc_html( __( 'Send', 'arshline-sidecar' ) ) . '</button></div>';
		}

		$current = 0;
		foreach ( $fields as $field ) {
			$page = self::page_of( $field );
			if ( $page !== $current ) {
				if ( $current > 0 ) {
					$html .= '</div>';
				}
				$current = $page;
				$html   .= '<div class="arshline-form__page" data-page="' . esc_attr( (string) $page ) . '">';
			}
			$html .= $this->field( $field, array_key_exists( $field['id'], $values ) ? $values[ $field['id'] ] : null, isset( $errors[ $field['id'] ] ) ? (string) $errors[ $field['id'] ] : '', $fields );
		}
		if ( $current > 0 ) {
			$html .= '</div>';
		}
		$html .= '<div class="arshline-form__nav">';
		if ( $pages > 1 ) {
			$html .= '<button type="button" class="arshline-form__back" hidden>' . esc_html( __( 'Back', 'arshline-sidecar' ) ) . '</button>';
			$html .= '<button type="button" class="arshline-form__next" hidden>' . esc_html( __( 'Next', 'arshline-sidecar' ) ) . '</button>';
		}
		$html .= '<button type="submit" class="arshline-form__submit">' . esc_html( __( 'Send', 'arshline-sidecar' ) ) . '</button>';
		$html .= '</div><div class="arshline-form__live" role="status" aria-live="polite"></div>';
		$html .= '</form></div>';
		return $html;
	}

	/**
	 * The thank-you state: the form's text and the tracking code.
	 *
	 * @param string $tracking_code Tracking code.
	 * @param string $thank_you     The form's thank-you text (may be empty).
	 * @return string
	 */
	public function thank_you( $tracking_code, $thank_you ) {
		return Arshline_Sidecar_Plugin::in_locale(
			$this->locale(),
			function () use ( $tracking_code, $thank_you ) {
				return $this->thanks( $tracking_code, $thank_you );
			}
		);
	}

	/**
	 * The form's locale, fa_IR or en_US.
	 *
	 * @return string
	 */
	private function locale() {
		return $this->fa ? 'fa_IR' : 'en_US';
	}

	/**
	 * The thank-you markup, in the current locale.
	 *
	 * @param string $tracking_code Tracking code.
	 * @param string $thank_you     The form's thank-you text (may be empty).
	 * @return string
	 */
	private function thanks( $tracking_code, $thank_you ) {
		$text = '' !== (string) $thank_you ? (string) $thank_you : __( 'Thank you. Your answers were received.', 'arshline-sidecar' );
		$html = '<div class="arshline-form arshline-form--done" ' . $this->lang_attrs() . '>'
			. '<div class="arshline-form__thanks" role="status" tabindex="-1">'
			. '<h2 class="arshline-form__title">' . esc_html( (string) $this->form['title'] ) . '</h2>'
			. self::paragraphs( $text );
		if ( '' !== (string) $tracking_code ) {
			$html .= '<p class="arshline-form__code">' . esc_html( __( 'Tracking code:', 'arshline-sidecar' ) ) . ' <strong dir="ltr">' . esc_html( self::digits( (string) $tracking_code, $this->fa ) ) . '</strong></p>';
		}
		return $html . '</div></div>';
	}

	/**
	 * A notice in place of a form (closed, or unavailable).
	 *
	 * @param string $message Text.
	 * @param bool   $fa      Whether it is Persian.
	 * @return string
	 */
	public static function notice( $message, $fa ) {
		return '<div class="arshline-form arshline-form--notice" dir="' . ( $fa ? 'rtl' : 'ltr' ) . '" lang="' . ( $fa ? 'fa' : 'en' ) . '"><p class="arshline-form__notice" role="status">' . esc_html( $message ) . '</p></div>';
	}

	/**
	 * Latin digits as Persian ones on a Persian page.
	 *
	 * @param string $text Text.
	 * @param bool   $fa   Whether the page is Persian.
	 * @return string
	 */
	public static function digits( $text, $fa ) {
		return $fa ? strtr( (string) $text, array_combine( array( '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' ), array( '۰', '۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹' ) ) ) : (string) $text;
	}

	/**
	 * A random idempotency key: one per rendering of the form, so that a
	 * second click or a resent POST is one submission.
	 *
	 * @return string
	 */
	public static function random_key() {
		return bin2hex( random_bytes( 16 ) );
	}

	/**
	 * The page a field is on (1 when it names none).
	 *
	 * @param array $field Field.
	 * @return int
	 */
	public static function page_of( array $field ) {
		return isset( $field['page'] ) && is_int( $field['page'] ) && $field['page'] > 0 ? $field['page'] : 1;
	}

	/**
	 * Strings the script shows, in the form's language.
	 *
	 * @return array<string, string>
	 */
	private function strings() {
		return array(
			// The daemon's own words for a missing answer, so that a page's
			// own check and the daemon's read the same.
			'required'   => __( 'Please answer this question', 'arshline-sidecar' ),
			'summary'    => __( 'Please correct these answers:', 'arshline-sidecar' ),
			'page'       => __( 'Page %1$s of %2$s', 'arshline-sidecar' ),
			'sending'    => __( 'Sending…', 'arshline-sidecar' ),
			'uploading'  => __( 'Uploading %s…', 'arshline-sidecar' ),
			'too_big'    => __( 'This file is larger than %s KB.', 'arshline-sidecar' ),
			'bad_type'   => __( 'This type of file is not accepted.', 'arshline-sidecar' ),
			'too_many'   => __( 'Choose at most %s files.', 'arshline-sidecar' ),
			'offline'    => __( 'The form could not be sent. Check your connection and try again in a moment; your answers are still here.', 'arshline-sidecar' ),
			'wait'       => __( 'Too many attempts. Try again in %s seconds.', 'arshline-sidecar' ),
			'soon'       => __( 'Sent sooner than a person reads the form: it is sent again by itself in %s seconds.', 'arshline-sidecar' ),
			'stale'      => __( 'This page was open a long time and the form could not be sent. Reload the page; copy long answers first.', 'arshline-sidecar' ),
			'thanks'     => __( 'Thank you. Your answers were received.', 'arshline-sidecar' ),
			'code'       => __( 'Tracking code:', 'arshline-sidecar' ),
			'date'       => __( 'Date: %s', 'arshline-sidecar' ),
			'months'     => __( 'Farvardin,Ordibehesht,Khordad,Tir,Mordad,Shahrivar,Mehr,Aban,Azar,Dey,Bahman,Esfand', 'arshline-sidecar' ),
			// Saturday first: the Iranian week.
			'days'       => __( 'Saturday,Sunday,Monday,Tuesday,Wednesday,Thursday,Friday', 'arshline-sidecar' ),
			'days_short' => __( 'Sa,Su,Mo,Tu,We,Th,Fr', 'arshline-sidecar' ),
			'pick'       => __( 'Choose a date from the calendar', 'arshline-sidecar' ),
			'prev_month' => __( 'Previous month', 'arshline-sidecar' ),
			'next_month' => __( 'Next month', 'arshline-sidecar' ),
			'prev_year'  => __( 'Previous year', 'arshline-sidecar' ),
			'next_year'  => __( 'Next year', 'arshline-sidecar' ),
			'close'      => __( 'Close', 'arshline-sidecar' ),
			'keys'       => __( 'Arrow keys move by day and week, Page Up and Page Down by month (with Shift by year), Enter chooses, Escape closes.', 'arshline-sidecar' ),
			'not_date'   => __( 'Type the date as year, month and day, like 1403/05/12 or 14030512.', 'arshline-sidecar' ),
			'bad_year'   => __( 'Write the year in four digits, like 1403.', 'arshline-sidecar' ),
			'bad_month'  => __( 'There is no month %s: a year has 12 months.', 'arshline-sidecar' ),
			'bad_day'    => __( '%1$s %2$s has %3$s days.', 'arshline-sidecar' ),
			'early'      => __( 'Choose %s or later.', 'arshline-sidecar' ),
			'late'       => __( 'Choose %s or earlier.', 'arshline-sidecar' ),
			'otp_sending' => __( 'Sending the code…', 'arshline-sidecar' ),
			'otp_sent'    => __( 'A code was texted to %1$s; it is valid for %2$s minutes.', 'arshline-sidecar' ),
			'otp_again'   => __( 'Send a new code', 'arshline-sidecar' ),
			'otp_wait'    => __( 'New code in %s s', 'arshline-sidecar' ),
		);
	}


	/**
	 * dir and lang of the form's container.
	 *
	 * @return string
	 */
	private function lang_attrs() {
		return $this->fa ? 'dir="rtl" lang="fa"' : 'dir="ltr" lang="en"';
	}

	/**
	 * Plain text as paragraphs (blank lines) and line breaks, escaped.
	 *
	 * @param string $text Text.
	 * @return string
	 */
	private static function paragraphs( $text ) {
		$out = '';
		foreach ( preg_split( '/\R\s*\R/u', trim( (string) $text ) ) as $para ) {
			$out .= '<p>' . implode( '<br>', array_map( 'esc_html', preg_split( '/\R/u', $para ) ) ) . '</p>';
		}
		return $out;
	}

	/**
	 * The error summary: a list of links to the fields to fix, announced
	 * (role=alert) and focused by the script or, without it, read first.
	 *
	 * @param array[] $fields Fields.
	 * @param array   $errors Field id => message.
	 * @return string
	 */
	private function summary( array $fields, array $errors ) {
		if ( empty( $errors ) ) {
			return '<div class="arshline-form__summary" role="alert" tabindex="-1" hidden></div>';
		}
		$items = '';
		if ( isset( $errors[''] ) && '' !== $errors[''] ) {
			$items .= '<li>' . esc_html( (string) $errors[''] ) . '</li>';
		}
		foreach ( $fields as $field ) {
			if ( isset( $errors[ $field['id'] ] ) ) {
				$items .= '<li><a href="#' . esc_attr( $this->input_id( $field ) ) . '">' . esc_html( isset( $field['label'] ) ? (string) $field['label'] : $field['id'] ) . ': ' . esc_html( (string) $errors[ $field['id'] ] ) . '</a></li>';
			}
		}
		return '<div class="arshline-form__summary" role="alert" tabindex="-1" data-initial="1"><p>' . esc_html( __( 'Please correct these answers:', 'arshline-sidecar' ) ) . '</p><ul>' . $items . '</ul></div>';
	}

	/**
	 * Id of a field's element: its input, or its first choice.
	 *
	 * @param array $field Field.
	 * @return string
	 */
	private function input_id( array $field ) {
		$base = $this->prefix . $field['id'];
		return in_array( $field['type'], array( 'radio', 'checkbox', 'rating', 'matrix' ), true ) ? $base . '-0' : $base;
	}

	/**
	 * One field.
	 *
	 * @param array   $field  Field.
	 * @param mixed   $value  What the respondent typed (null: nothing).
	 * @param string  $error  Its message ('' when none).
	 * @param array[] $fields Every field of the form (for show_if's wording).
	 * @return string
	 */
	private function field( array $field, $value, $error, array $fields = array() ) {
		$type     = $field['type'];
		$id       = $this->prefix . $field['id'];
		$label    = isset( $field['label'] ) ? (string) $field['label'] : '';
		$help     = isset( $field['help_text'] ) && is_string( $field['help_text'] ) ? $field['help_text'] : '';
		$required = ! empty( $field['required'] ) && in_array( $type, self::ANSWERABLE, true );
		if ( 'date' === $type ) {
			$jalali = ! isset( $field['calendar'] ) || 'gregorian' !== $field['calendar'];
			$hint   = $jalali ? __( 'Solar Hijri date: year, month and day, e.g. 1403/05/21 or 14030521.', 'arshline-sidecar' ) : __( 'Date as YYYY-MM-DD, e.g. 2024-08-11.', 'arshline-sidecar' );
			$help   = '' === $help ? $hint : $help . ' ' . $hint;
		}

		$attrs = ' class="arshline-field arshline-field--' . esc_attr( $type ) . ( '' !== $error ? ' arshline-field--invalid' : '' ) . '" data-field="' . esc_attr( $field['id'] ) . '" data-type="' . esc_attr( $type ) . '"';
		if ( $required ) {
			$attrs .= ' data-required="1"';
		}
		if ( isset( $field['show_if'] ) && is_array( $field['show_if'] ) ) {
			$attrs .= ' data-show-if="' . esc_attr( wp_json_encode( $field['show_if'], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) ) . '"';
		}
		if ( isset( $field['format'] ) && is_string( $field['format'] ) ) {
			$attrs .= ' data-format="' . esc_attr( $field['format'] ) . '"';
		}
		if ( 'date' === $type ) {
			$attrs .= ' data-calendar="' . ( isset( $field['calendar'] ) && 'gregorian' === $field['calendar'] ? 'gregorian' : 'jalali' ) . '"';
			foreach ( array( 'min', 'max' ) as $bound ) {
				if ( isset( $field[ $bound ] ) && is_string( $field[ $bound ] ) && preg_match( '/^\d{4}-\d{2}-\d{2}$/', $field[ $bound ] ) ) {
					$attrs .= ' data-' . $bound . '="' . esc_attr( $field[ $bound ] ) . '"';
				}
			}
		}
		if ( 'file' === $type ) {
			$attrs .= ' data-max-kb="' . esc_attr( (string) ( isset( $field['max_size_kb'] ) && is_int( $field['max_size_kb'] ) ? $field['max_size_kb'] : 0 ) ) . '"'
				. ' data-max-files="' . esc_attr( (string) ( isset( $field['max_files'] ) && is_int( $field['max_files'] ) ? $field['max_files'] : 1 ) ) . '"';
		}
		if ( 'checkbox' === $type ) {
			foreach ( array( 'min_select', 'max_select' ) as $key ) {
				if ( isset( $field[ $key ] ) && is_int( $field[ $key ] ) ) {
					$attrs .= ' data-' . str_replace( '_', '-', $key ) . '="' . esc_attr( (string) $field[ $key ] ) . '"';
				}
			}
		}

		$help_id  = $id . '-help';
		$error_id = $id . '-error';
		$cond_id  = $id . '-when';
		$cond     = $this->condition_text( $field, $fields );
		$describe = implode( ' ', array_filter( array( '' !== $cond ? $cond_id : '', '' !== $help ? $help_id : '', $error_id ) ) );
		$help_p   = '' !== $help ? '<p class="arshline-field__help" id="' . esc_attr( $help_id ) . '">' . esc_html( $help ) . '</p>' : '';
		// Without the script every question is on the page: one asked only
		// after a certain answer says which. The script removes it.
		$help_p   = ( '' !== $cond ? '<p class="arshline-field__when" id="' . esc_attr( $cond_id ) . '">' . esc_html( $cond ) . '</p>' : '' ) . $help_p;
		$error_p  = '<p class="arshline-field__error" id="' . esc_attr( $error_id ) . '"' . ( '' === $error ? ' hidden' : '' ) . '>' . esc_html( $error ) . '</p>';
		$mark     = $required ? ' <span class="arshline-field__required" aria-hidden="true">*</span>' : '';
		$invalid  = '' !== $error ? ' aria-invalid="true"' : '';
		$aria     = ' aria-describedby="' . esc_attr( $describe ) . '"' . $invalid . ( $required ? ' aria-required="true"' : '' );
		// Radio buttons, a rating and a matrix are one radiogroup, which may
		// say it is required; a group of check boxes may not, so its legend
		// says it in words a screen reader reads (the star is hidden from it).
		$group    = ' role="radiogroup"' . $aria;
		$boxes    = ' aria-describedby="' . esc_attr( $describe ) . '"' . $invalid;
		$sr_req   = $required ? '<span class="arshline-sr"> ' . esc_html( __( '(required)', 'arshline-sidecar' ) ) . '</span>' : '';

		switch ( $type ) {
			case 'section':
				return '<div' . $attrs . '><h3 class="arshline-field__section">' . esc_html( $label ) . '</h3>' . ( '' !== $help ? '<p class="arshline-field__help">' . esc_html( $help ) . '</p>' : '' ) . '</div>';
			case 'html':
				$markup = isset( $field['html'] ) && is_string( $field['html'] ) ? $field['html'] : '';
				return '<div' . $attrs . '><div class="arshline-field__html">' . wp_kses_post( $markup ) . '</div></div>';
			case 'checkbox':
				return '<div' . $attrs . '><fieldset class="arshline-field__set"' . $boxes . '><legend class="arshline-field__label">' . esc_html( $label ) . $mark . $sr_req . '</legend>' . $help_p . $this->choices( $field, $id, $value ) . $error_p . '</fieldset></div>';
			case 'radio':
			case 'rating':
				return '<div' . $attrs . '><fieldset class="arshline-field__set"' . $group . '><legend class="arshline-field__label">' . esc_html( $label ) . $mark . '</legend>' . $help_p . $this->choices( $field, $id, $value ) . $error_p . '</fieldset></div>';
			case 'matrix':
				return '<div' . $attrs . '><fieldset class="arshline-field__set"' . $group . '><legend class="arshline-field__label">' . esc_html( $label ) . $mark . '</legend>' . $help_p . $this->matrix( $field, $id, $value ) . $error_p . '</fieldset></div>';
		}

		$label_el = '<label class="arshline-field__label" for="' . esc_attr( $id ) . '">' . esc_html( $label ) . $mark . '</label>';
		$name     = 'arshline[' . $field['id'] . ']';
		$text     = is_string( $value ) ? $value : '';
		$place    = isset( $field['placeholder'] ) && is_string( $field['placeholder'] ) && '' !== $field['placeholder'] ? ' placeholder="' . esc_attr( $field['placeholder'] ) . '"' : '';
		$common   = ' id="' . esc_attr( $id ) . '" name="' . esc_attr( $name ) . '"' . $aria;
		switch ( $type ) {
			case 'textarea':
				$control = '<textarea' . $common . $place . ' rows="4">' . esc_textarea( $text ) . '</textarea>';
				break;
			case 'select':
				$control = '<select' . $common . '><option value="">' . esc_html( '' !== $place ? (string) $field['placeholder'] : __( 'Choose…', 'arshline-sidecar' ) ) . '</option>';
				foreach ( self::options( $field ) as $option ) {
					$control .= '<option value="' . esc_attr( $option['value'] ) . '"' . ( $text === $option['value'] ? ' selected' : '' ) . '>' . esc_html( $option['label'] ) . '</option>';
				}
				$control .= '</select>';
				break;
			case 'file':
				$accept  = isset( $field['accept'] ) && is_array( $field['accept'] ) ? implode( ',', array_filter( $field['accept'], 'is_string' ) ) : '';
				$many    = isset( $field['max_files'] ) && is_int( $field['max_files'] ) && $field['max_files'] > 1;
				$control = '<input type="file" id="' . esc_attr( $id ) . '" name="' . esc_attr( 'arshline_file_' . $field['id'] . ( $many ? '[]' : '' ) ) . '"' . $aria . ( '' !== $accept ? ' accept="' . esc_attr( $accept ) . '"' : '' ) . ( $many ? ' multiple' : '' ) . '>';
				break;
			default:
				$input = array(
					'text'   => 'type="text"',
					'email'  => 'type="email" autocomplete="email" dir="ltr"',
					'number' => 'type="text" inputmode="decimal"',
					'date'   => 'type="text" inputmode="numeric" autocomplete="off"',
				);
				$extra = isset( $input[ $type ] ) ? $input[ $type ] : 'type="text"';
				if ( 'text' === $type && isset( $field['format'] ) && is_string( $field['format'] ) ) {
					$formats = array(
						'mobile_ir'      => 'inputmode="tel" autocomplete="tel" dir="ltr"',
						'phone_ir'       => 'inputmode="tel" dir="ltr"',
						'national_code'  => 'inputmode="numeric" dir="ltr"',
						'postal_code_ir' => 'inputmode="numeric" dir="ltr"',
						'card_ir'        => 'inputmode="numeric" dir="ltr"',
						'sheba'          => 'dir="ltr"',
						'url'            => 'inputmode="url" dir="ltr"',
						'email'          => 'inputmode="email" dir="ltr"',
					);
					$extra .= isset( $formats[ $field['format'] ] ) ? ' ' . $formats[ $field['format'] ] : '';
				}
				if ( isset( $field['max_length'] ) && is_int( $field['max_length'] ) ) {
					$extra .= ' maxlength="' . esc_attr( (string) $field['max_length'] ) . '"';
				}
				$control = '<input ' . $extra . $common . $place . ' value="' . esc_attr( $text ) . '">';
				if ( 'text' === $type && isset( $field['verify'] ) && 'otp' === $field['verify'] ) {
					$control .= $this->otp_controls( $field, $id );
				}
		}
		return '<div' . $attrs . '>' . $label_el . $help_p . $control . $error_p . '</div>';
	}

	/**
	 * The "send the code" button and the code's input of a mobile question
	 * verified by SMS. Without the script the button posts the page (the
	 * code is texted and the page drawn again with the input shown); the
	 * script sends it in place and counts down until a new code may be
	 * asked for.
	 *
	 * @param array  $field Field.
	 * @param string $id    The mobile input's id.
	 * @return string
	 */
	private function otp_controls( array $field, $id ) {
		$state   = isset( $this->otp[ $field['id'] ] ) && is_array( $this->otp[ $field['id'] ] ) ? $this->otp[ $field['id'] ] : array();
		$sent    = ! empty( $state['sent'] );
		$code    = isset( $state['code'] ) && is_string( $state['code'] ) ? $state['code'] : '';
		$message = isset( $state['message'] ) && is_string( $state['message'] ) ? $state['message'] : '';
		$html    = '<div class="arshline-otp">';
		$html   .= '<button type="submit" class="arshline-otp__send" name="arshline_otp_send" value="' . esc_attr( $field['id'] ) . '">'
			. esc_html( $sent ? __( 'Send a new code', 'arshline-sidecar' ) : __( 'Text me a code', 'arshline-sidecar' ) ) . '</button>';
		$html   .= '<p class="arshline-otp__status" id="' . esc_attr( $id . '-otp-status' ) . '" aria-live="polite">' . esc_html( $message ) . '</p>';
		$html   .= '<div class="arshline-otp__code"' . ( $sent ? '' : ' hidden' ) . '><label for="' . esc_attr( $id . '-otp' ) . '">' . esc_html( __( 'Verification code', 'arshline-sidecar' ) ) . '</label>'
			. '<input type="text" id="' . esc_attr( $id . '-otp' ) . '" name="' . esc_attr( 'arshline_otp[' . $field['id'] . ']' ) . '" inputmode="numeric" autocomplete="one-time-code" dir="ltr" maxlength="12" value="' . esc_attr( $code ) . '" aria-describedby="' . esc_attr( $id . '-otp-status' ) . '"></div>';
		return $html . '</div>';
	}

	/**
	 * What a question asked only after a certain answer says without the
	 * script: «If you answered “Yes” to “Do you have a pet?”». Empty for a
	 * question with no condition.
	 *
	 * @param array   $field  Field.
	 * @param array[] $fields Every field of the form.
	 * @return string
	 */
	private function condition_text( array $field, array $fields ) {
		$cond = isset( $field['show_if'] ) && is_array( $field['show_if'] ) ? $field['show_if'] : null;
		if ( null === $cond || ! isset( $cond['field'], $cond['op'] ) || ! is_string( $cond['field'] ) ) {
			return '';
		}
		$of = null;
		foreach ( $fields as $f ) {
			if ( $f['id'] === $cond['field'] ) {
				$of = $f;
				break;
			}
		}
		if ( null === $of ) {
			return '';
		}
		$question = isset( $of['label'] ) && is_string( $of['label'] ) && '' !== $of['label'] ? $of['label'] : $of['id'];
		$labels   = array();
		foreach ( self::options( $of ) as $option ) {
			$labels[ $option['value'] ] = $option['label'];
		}
		$answer = function ( $v ) use ( $labels ) {
			$v = is_scalar( $v ) ? (string) $v : '';
			return isset( $labels[ $v ] ) ? $labels[ $v ] : self::digits( $v, $this->fa );
		};
		/* translators: %s: a question or an answer, quoted in a sentence. */
		$quote = __( '“%s”', 'arshline-sidecar' );
		$q     = sprintf( $quote, $question );
		$a     = function ( $v ) use ( $answer, $quote ) {
			return sprintf( $quote, $answer( $v ) );
		};
		$value = isset( $cond['value'] ) ? $cond['value'] : '';
		switch ( $cond['op'] ) {
			case 'equals':
				/* translators: 1: the question, 2: the answer. */
				return sprintf( __( 'Only if you answered %2$s to %1$s.', 'arshline-sidecar' ), $q, $a( $value ) );
			case 'not_equals':
				/* translators: 1: the question, 2: the answer. */
				return sprintf( __( 'Only if your answer to %1$s was not %2$s.', 'arshline-sidecar' ), $q, $a( $value ) );
			case 'in':
				/* translators: the separator of a list of answers. */
				$list = implode( __( ', ', 'arshline-sidecar' ), array_map( $a, is_array( $value ) ? $value : array( $value ) ) );
				/* translators: 1: the question, 2: a list of answers. */
				return sprintf( __( 'Only if you answered %1$s with one of: %2$s.', 'arshline-sidecar' ), $q, $list );
			case 'answered':
				/* translators: %s: the question. */
				return sprintf( __( 'Only if you answered %s.', 'arshline-sidecar' ), $q );
		}
		return '';
	}

	/**
	 * A field's options, well formed only.
	 *
	 * @param array $field Field.
	 * @return array[] value, label
	 */
	private static function options( array $field ) {
		$out = array();
		if ( isset( $field['options'] ) && is_array( $field['options'] ) ) {
			foreach ( $field['options'] as $option ) {
				if ( is_array( $option ) && isset( $option['value'], $option['label'] ) ) {
					$out[] = array(
						'value' => (string) $option['value'],
						'label' => (string) $option['label'],
					);
				}
			}
		}
		return $out;
	}

	/**
	 * Radio buttons, check boxes or a rating scale.
	 *
	 * @param array  $field Field.
	 * @param string $id    Element id base.
	 * @param mixed  $value What was chosen.
	 * @return string
	 */
	private function choices( array $field, $id, $value ) {
		$type = $field['type'];
		if ( 'rating' === $type ) {
			$min     = isset( $field['scale']['min'] ) && is_int( $field['scale']['min'] ) ? $field['scale']['min'] : 1;
			$max     = isset( $field['scale']['max'] ) && is_int( $field['scale']['max'] ) ? $field['scale']['max'] : 5;
			$options = array();
			for ( $i = $min; $i <= $max; $i++ ) {
				$options[] = array(
					'value' => (string) $i,
					'label' => $this->fa ? strtr( (string) $i, array_combine( range( 0, 9 ), array( '۰', '۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹' ) ) ) : (string) $i,
				);
			}
		} else {
			$options = self::options( $field );
		}
		$chosen = is_array( $value ) ? array_map( 'strval', $value ) : ( null === $value ? array() : array( (string) $value ) );
		$input  = 'checkbox' === $type ? 'checkbox' : 'radio';
		$name   = 'arshline[' . $field['id'] . ']' . ( 'checkbox' === $type ? '[]' : '' );
		$html   = '<div class="arshline-field__choices' . ( 'rating' === $type ? ' arshline-field__choices--scale' : '' ) . '">';
		foreach ( $options as $i => $option ) {
			$oid   = $id . '-' . $i;
			$html .= '<div class="arshline-field__choice"><input type="' . $input . '" id="' . esc_attr( $oid ) . '" name="' . esc_attr( $name ) . '" value="' . esc_attr( $option['value'] ) . '"' . ( in_array( $option['value'], $chosen, true ) ? ' checked' : '' ) . '>'
				. '<label for="' . esc_attr( $oid ) . '">' . esc_html( $option['label'] ) . '</label></div>';
		}
		return $html . '</div>';
	}

	/**
	 * A matrix: one radio group per row, in a table whose headers name the
	 * columns; each button is labelled by its row and column.
	 *
	 * @param array  $field Field.
	 * @param string $id    Element id base.
	 * @param mixed  $value Row text => column text.
	 * @return string
	 */
	private function matrix( array $field, $id, $value ) {
		$rows   = isset( $field['rows'] ) && is_array( $field['rows'] ) ? array_values( array_filter( $field['rows'], 'is_string' ) ) : array();
		$cols   = isset( $field['cols'] ) && is_array( $field['cols'] ) ? array_values( array_filter( $field['cols'], 'is_string' ) ) : array();
		$chosen = is_array( $value ) ? $value : array();
		$html   = '<div class="arshline-field__matrix"><table><thead><tr><td></td>';
		foreach ( $cols as $col ) {
			$html .= '<th scope="col">' . esc_html( $col ) . '</th>';
		}
		$html .= '</tr></thead><tbody>';
		$n     = 0;
		foreach ( $rows as $r => $row ) {
			$html .= '<tr><th scope="row">' . esc_html( $row ) . '</th>';
			foreach ( $cols as $c => $col ) {
				$oid   = $id . '-' . $n;
				$html .= '<td><input type="radio" id="' . esc_attr( $oid ) . '" name="' . esc_attr( 'arshline[' . $field['id'] . '][' . $r . ']' ) . '" value="' . esc_attr( (string) $c ) . '"'
					. ( isset( $chosen[ $r ] ) && (string) $chosen[ $r ] === (string) $c ? ' checked' : '' )
					. ' aria-label="' . esc_attr( $row . ': ' . $col ) . '"></td>';
				++$n;
			}
			$html .= '</tr>';
		}
		return $html . '</tbody></table></div>';
	}
}
