<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '3181cb1df463aa3b3049');
