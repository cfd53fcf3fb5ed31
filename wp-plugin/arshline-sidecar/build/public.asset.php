<?php return array('dependencies' => array(), 'version' => '1a5dcaa2743f544a9dfe');
