<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '94c754a19a5b07076adb');
