<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '3026095b8ec2a16ff671');
