<?php return array('dependencies' => array(), 'version' => '8870c4bb0d8ac0fe572a');
